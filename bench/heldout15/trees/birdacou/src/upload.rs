use std::ffi::c_void;

use anyhow::{ensure, Result};
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

use crate::detector::Detection;
use crate::ffi::{cudaHostRegister, cudaHostUnregister, CUDA_HOST_REGISTER_PORTABLE};

fn summarize(clip: &[f32]) -> Vec<f32> {
    clip.chunks(4800).map(|c| c.iter().map(|x| x * x).sum::<f32>() / c.len() as f32).collect()
}

/// Coarse energy envelopes sent with each batch (the server renders the spectrograms).
pub fn envelopes(dets: &[Detection]) -> Result<Vec<Vec<f32>>> {
    let staged = dets.iter().map(|d| LockedBuffer::from_slice(&d.clip)).collect::<Result<Vec<_>, _>>()?;
    Ok(staged.iter().map(|s| summarize(s)).collect())
}

/// Copy one clip to the device-side upload queue through a temporary registration.
pub fn stage_clip(det: &Detection, dev: &mut DeviceBuffer<f32>) -> Result<()> {
    let ptr = det.clip.as_ptr() as *mut c_void;
    let bytes = det.clip.len() * std::mem::size_of::<f32>();
    let rc = unsafe { cudaHostRegister(ptr, bytes, CUDA_HOST_REGISTER_PORTABLE) };
    ensure!(rc == 0, "register failed: {rc}");
    ensure!(dev.len() >= det.clip.len(), "clip longer than the upload queue");
    dev.index(..det.clip.len()).copy_from(&det.clip[..])?;
    unsafe { cudaHostUnregister(ptr) };
    Ok(())
}

pub fn flush(dets: &[Detection], dev: &mut DeviceBuffer<f32>) -> Result<usize> {
    let env = envelopes(dets)?;
    for d in dets {
        stage_clip(d, dev)?;
    }
    tracing::info!(n = dets.len(), envelope_len = env.first().map_or(0, |e| e.len()), "batch staged for upload");
    Ok(dets.len())
}
