use std::os::raw::{c_int, c_uint, c_void};

pub const CU_MEMHOSTALLOC_PORTABLE: c_uint = 0x01;

extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> c_int;
    pub fn cuMemFreeHost(p: *mut c_void) -> c_int;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> c_int;
    pub fn cuMemHostUnregister(p: *mut c_void) -> c_int;
}

pub fn ok(r: c_int) -> anyhow::Result<()> {
    anyhow::ensure!(r == 0, "CUDA driver error {r}");
    Ok(())
}

/// Owns a page-locked block of f32 samples.
pub struct HostSamples {
    pub ptr: *mut f32,
    pub len: usize,
}

unsafe impl Send for HostSamples {}

impl HostSamples {
    pub fn alloc(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ok(unsafe { cuMemHostAlloc(&mut p, len * 4, CU_MEMHOSTALLOC_PORTABLE) })?;
        Ok(HostSamples { ptr: p as *mut f32, len })
    }
    pub fn as_mut(&mut self) -> &mut [f32] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for HostSamples {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr as *mut c_void) };
    }
}
