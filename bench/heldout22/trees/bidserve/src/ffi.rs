//! The few driver-API entry points cust does not wrap the way we need them.
use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

pub fn check(r: CUresult, what: &str) -> anyhow::Result<()> {
    if r == 0 {
        Ok(())
    } else {
        Err(anyhow::anyhow!("{what} failed: CUresult {r}"))
    }
}
