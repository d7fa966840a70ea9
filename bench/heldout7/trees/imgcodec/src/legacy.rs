use std::os::raw::c_void;

use crate::ffi::{self, check, CuError};

/// v1 API: returns a pinned copy header + payload for clients that still use the raw protocol.
pub fn pack_v1(payload: &[u8], version: u32) -> Result<Vec<u8>, CuError> {
    let mut p: *mut c_void = std::ptr::null_mut();
    let len = payload.len() + 8;
    check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) })?;
    let buf = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, len) };
    buf[..4].copy_from_slice(&version.to_le_bytes());
    buf[4..8].copy_from_slice(&(payload.len() as u32).to_le_bytes());
    buf[8..].copy_from_slice(payload);
    check(validate_header(buf))?;
    let out = buf.to_vec();
    unsafe { ffi::cuMemFreeHost(p) };
    Ok(out)
}

fn validate_header(buf: &[u8]) -> ffi::CUresult {
    if u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]) > 2 { 1 } else { 0 }
}
