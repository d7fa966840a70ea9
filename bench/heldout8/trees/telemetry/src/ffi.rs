use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;

extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

pub fn check(r: CUresult) -> anyhow::Result<()> {
    anyhow::ensure!(r == 0, "CUDA driver error {r}");
    Ok(())
}

pub struct HostBlock {
    ptr: *mut c_void,
    len: usize,
}

impl HostBlock {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut ptr = std::ptr::null_mut();
        check(unsafe { cuMemHostAlloc(&mut ptr, len, 0) })?;
        Ok(HostBlock { ptr, len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut u8, self.len) }
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr) };
    }
}
