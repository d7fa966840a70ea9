//! Minimal raw bindings to the CUDA driver API (libcuda.so).
#![allow(non_camel_case_types)]
use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTALLOC_PORTABLE: c_uint = 0x01;
pub const CU_MEMHOSTALLOC_WRITECOMBINED: c_uint = 0x04;
pub const CU_MEMHOSTREGISTER_PORTABLE: c_uint = 0x01;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
    pub fn cuMemcpyHtoDAsync_v2(dst: u64, src: *const c_void, bytes: usize, stream: *mut c_void) -> CUresult;
}

#[derive(Debug, thiserror::Error)]
#[error("CUDA driver error {0}")]
pub struct CuError(pub CUresult);

pub fn check(r: CUresult) -> Result<(), CuError> {
    if r == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(CuError(r))
    }
}
