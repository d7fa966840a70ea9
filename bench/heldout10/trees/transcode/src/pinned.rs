//! Page-locked host frames owned by a Drop guard.
use std::ffi::c_void;
use std::ptr::NonNull;

use anyhow::{bail, Result};

use crate::ffi;

pub struct PinnedFrame {
    ptr: NonNull<u8>,
    len: usize,
}

// The allocation is plain host memory; moving the owner across threads is fine.
unsafe impl Send for PinnedFrame {}

impl PinnedFrame {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { ffi::cudaHostAlloc(&mut p, len, ffi::CUDA_HOST_ALLOC_PORTABLE) };
        if rc != 0 || p.is_null() {
            bail!("page-locked allocation of {len} bytes failed (error {rc})");
        }
        Ok(Self { ptr: NonNull::new(p.cast()).unwrap(), len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for PinnedFrame {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaFreeHost(self.ptr.as_ptr().cast());
        }
    }
}
