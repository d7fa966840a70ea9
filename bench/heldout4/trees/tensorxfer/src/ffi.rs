//! Minimal CUDA driver API bindings (only what the service needs).
#![allow(non_camel_case_types, non_snake_case)]

use std::ffi::c_void;
use std::fmt;
use std::os::raw::{c_int, c_uint};

pub type CUresult = c_int;
pub type CUdeviceptr = u64;
pub type CUstream = *mut c_void;

pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTALLOC_PORTABLE: c_uint = 0x01;
pub const CU_MEMHOSTREGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
    pub fn cuMemcpyHtoDAsync_v2(dst: CUdeviceptr, src: *const c_void, bytes: usize, stream: CUstream) -> CUresult;
    pub fn cuStreamSynchronize(stream: CUstream) -> CUresult;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CudaError(pub CUresult);

impl fmt::Display for CudaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CUDA driver error {}", self.0)
    }
}

impl std::error::Error for CudaError {}

pub fn check(r: CUresult) -> Result<(), CudaError> {
    if r == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(CudaError(r))
    }
}
