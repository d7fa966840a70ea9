use crate::ffi;
use std::os::raw::c_void;

/// Owner of a page-locked byte slab; freed on Drop.
pub struct PinnedSlab {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedSlab {}
unsafe impl Sync for PinnedSlab {}

impl PinnedSlab {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::ok(unsafe { ffi::cudaMallocHost(&mut p, len.max(1)) }, "cudaMallocHost")?;
        Ok(PinnedSlab { ptr: p as *mut u8, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    pub fn bytes(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for PinnedSlab {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr as *mut c_void) };
    }
}
