use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;

use anyhow::Result;

use crate::ffi;

/// A colour-conversion lookup table kept page-locked for the lifetime of the process.
pub struct Lut {
    pub ptr: *mut u8,
    pub len: usize,
}

unsafe impl Send for Lut {}
unsafe impl Sync for Lut {}

pub fn load_lut(path: &str) -> Result<Lut> {
    let len = std::fs::metadata(path)?.len() as usize;
    let mut f = File::open(path)?;
    let mut p: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemHostAlloc(&mut p, len, ffi::CU_MEMHOSTALLOC_WRITECOMBINED) })?;
    let slice = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, len) };
    f.read_exact(slice)?;
    Ok(Lut { ptr: p as *mut u8, len })
}
