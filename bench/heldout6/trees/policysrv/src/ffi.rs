//! Minimal raw driver-API bindings used by the pinned-buffer code.
#![allow(non_camel_case_types)]
use std::ffi::c_void;

pub type CUresult = i32;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTREGISTER_PORTABLE: u32 = 0x01;

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: u32) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

#[derive(Debug)]
pub struct DriverError(pub CUresult);

impl std::fmt::Display for DriverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CUDA driver error {}", self.0)
    }
}

impl std::error::Error for DriverError {}

pub fn check(r: CUresult) -> Result<(), DriverError> {
    if r == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(DriverError(r))
    }
}
