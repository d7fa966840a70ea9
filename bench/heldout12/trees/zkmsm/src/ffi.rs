//! The few driver-API entry points cust does not expose the way we need them.
#![allow(non_snake_case)]
use std::os::raw::{c_uint, c_void};

pub type CUresult = i32;
pub const CU_MEMHOSTREGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
}

pub fn check(rc: CUresult) -> anyhow::Result<()> {
    if rc != 0 {
        anyhow::bail!("CUDA driver error {rc}");
    }
    Ok(())
}
