use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;

use crate::ffi::{self, cuMemHostAlloc, HostSamples, CU_MEMHOSTALLOC_PORTABLE};

/// Reads a raw little-endian f32 impulse response.
pub fn load_ir(path: &str, max_taps: usize) -> anyhow::Result<Vec<f32>> {
    let mut p: *mut c_void = std::ptr::null_mut();
    ffi::ok(unsafe { cuMemHostAlloc(&mut p, max_taps * 4, CU_MEMHOSTALLOC_PORTABLE) })?;
    let bytes = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, max_taps * 4) };
    let mut f = File::open(path)?;
    let n = f.read(bytes)?;
    let taps = bytes[..n - n % 4].chunks(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    unsafe { ffi::cuMemFreeHost(p) };
    Ok(taps)
}

/// Same, but the block is owned by HostSamples before anything can fail.
pub fn load_ir_checked(path: &str, max_taps: usize) -> anyhow::Result<Vec<f32>> {
    let mut block = HostSamples::alloc(max_taps)?;
    let mut f = File::open(path)?;
    let bytes = unsafe { std::slice::from_raw_parts_mut(block.as_mut().as_mut_ptr() as *mut u8, max_taps * 4) };
    let n = f.read(bytes)?;
    Ok(block.as_mut()[..n / 4].to_vec())
}
