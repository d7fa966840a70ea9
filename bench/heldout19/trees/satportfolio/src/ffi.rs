//! Raw CUDA driver API entry points that cust does not expose.
#![allow(non_snake_case)]

use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTREGISTER_PORTABLE: c_uint = 0x01;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

#[derive(Debug, thiserror::Error)]
#[error("CUDA driver error {0}")]
pub struct DriverError(pub CUresult);

pub fn check(rc: CUresult) -> Result<(), DriverError> {
    if rc == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(DriverError(rc))
    }
}
