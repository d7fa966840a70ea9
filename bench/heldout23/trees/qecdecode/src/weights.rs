//! Loads per-edge weight overrides produced by the calibration notebooks.
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost};
use crate::{DecodeError, Result};

pub fn load_weight_overrides(path: &Path, n_edges: usize) -> Result<Vec<f32>> {
    let bytes = n_edges * 4;
    let mut p: *mut c_void = std::ptr::null_mut();
    check(unsafe { cuMemAllocHost_v2(&mut p, bytes) }, "cuMemAllocHost_v2")?;
    let raw = std::fs::read(path)?;
    if raw.len() != bytes {
        unsafe { cuMemFreeHost(p) };
        return Err(DecodeError::Input(format!("{}: {} bytes, expected {}", path.display(), raw.len(), bytes)));
    }
    let staged = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, bytes) };
    staged.copy_from_slice(&raw);
    let out = staged.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    unsafe { cuMemFreeHost(p) };
    Ok(out)
}
