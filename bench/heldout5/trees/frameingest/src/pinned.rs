use std::os::raw::c_void;
use std::ptr::NonNull;

use crate::ffi::{self, CuError};

/// A page-locked host allocation owned by Rust; freed on drop.
pub struct PinnedFrame {
    ptr: NonNull<u8>,
    len: usize,
}

unsafe impl Send for PinnedFrame {}

impl PinnedFrame {
    pub fn new(len: usize) -> Result<Self, CuError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemHostAlloc(&mut p, len, ffi::CU_MEMHOSTALLOC_PORTABLE) })?;
        Ok(Self { ptr: NonNull::new(p as *mut u8).expect("driver returned a null host pointer"), len })
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_ptr(&self) -> *const c_void {
        self.ptr.as_ptr() as *const c_void
    }
}

impl Drop for PinnedFrame {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr.as_ptr() as *mut c_void);
        }
    }
}
