//! The few CUDA driver entry points cust does not wrap the way we need.
use std::os::raw::c_void;

use crate::{DecodeError, Result};

pub type CUresult = i32;

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: u32) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

pub const CU_MEMHOSTREGISTER_READ_ONLY: u32 = 0x08;

pub fn check(r: CUresult, what: &'static str) -> Result<()> {
    if r == 0 {
        Ok(())
    } else {
        Err(DecodeError::Driver(what, r))
    }
}
