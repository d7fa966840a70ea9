//! The few driver-API entry points cust does not expose the way we need them.
use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTREGISTER_READ_ONLY: c_uint = 0x08;

extern "C" {
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
}

pub fn check(rc: CUresult) -> anyhow::Result<()> {
    if rc == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(anyhow::anyhow!("CUDA driver error {rc}"))
    }
}
