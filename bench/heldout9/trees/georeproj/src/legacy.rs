use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{self, GeoError};

/// EGM96 geoid undulation grid (legacy flat float32 file).
pub fn load_geoid(path: &Path) -> Result<Vec<f32>, GeoError> {
    let len = std::fs::metadata(path)?.len() as usize;
    let mut p: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemHostAlloc(&mut p, len, 0) })?;
    let bytes = std::fs::read(path)?;
    if bytes.len() != len || len % 4 != 0 {
        return Err(GeoError::BadHeader);
    }
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p as *mut u8, len) };
    let floats = unsafe { std::slice::from_raw_parts(p as *const f32, len / 4) }.to_vec();
    unsafe { ffi::cuMemFreeHost(p) };
    Ok(floats)
}
