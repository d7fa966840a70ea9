#![allow(non_camel_case_types)]
use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub type CUdeviceptr = u64;

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
    pub fn cuMemcpyHtoDAsync_v2(dst: CUdeviceptr, src: *const c_void, n: usize, stream: *mut c_void) -> CUresult;
}

pub fn check(rc: CUresult, what: &str) -> anyhow::Result<()> {
    if rc != 0 {
        anyhow::bail!("{what} failed: CUresult {rc}");
    }
    Ok(())
}
