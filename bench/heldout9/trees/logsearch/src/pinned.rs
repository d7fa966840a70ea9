use std::os::raw::c_void;

use crate::ffi::{self, SearchError};

/// Page-locked byte buffer from the runtime; released on drop.
pub struct PinnedBuf {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedBuf {}
unsafe impl Sync for PinnedBuf {}

impl PinnedBuf {
    pub fn new(len: usize) -> Result<Self, SearchError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cudaMallocHost(&mut p, len.max(1)) })?;
        Ok(PinnedBuf { ptr: p as *mut u8, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for PinnedBuf {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaFreeHost(self.ptr as *mut c_void);
        }
    }
}
