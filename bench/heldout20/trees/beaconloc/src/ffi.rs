//! Driver-API entry points used directly (registration flags and raw page-locked blocks).

use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTREGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

pub fn check(rc: CUresult, what: &str) -> anyhow::Result<()> {
    if rc == CUDA_SUCCESS {
        Ok(())
    } else {
        Err(anyhow::anyhow!("{what}: CUresult {rc}"))
    }
}
