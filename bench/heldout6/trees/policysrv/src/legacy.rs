//! Old calibration path kept for robots that still send v1 config files.
use std::ffi::c_void;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::ptr;

use crate::ffi::{cuMemAllocHost_v2, cuMemFreeHost, CUDA_SUCCESS};

pub fn read_v1_calibration(path: &Path, floats: usize) -> io::Result<Vec<f32>> {
    let bytes = floats * 4;
    let mut p: *mut c_void = ptr::null_mut();
    if unsafe { cuMemAllocHost_v2(&mut p, bytes) } != CUDA_SUCCESS {
        return Err(io::Error::new(io::ErrorKind::Other, "cuMemAllocHost failed"));
    }
    let mut f = File::open(path)?;
    let buf = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, bytes) };
    f.read_exact(buf)?;
    let out: Vec<f32> = bytemuck::cast_slice(buf).to_vec();
    unsafe {
        cuMemFreeHost(p);
    }
    Ok(out)
}
