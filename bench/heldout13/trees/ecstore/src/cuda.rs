//! Raw CUDA runtime FFI and the page-locked buffer type used across the store.
use std::os::raw::{c_uint, c_void};

use crate::ApiError;

extern "C" {
    pub fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: c_uint) -> i32;
    pub fn cudaFreeHost(p: *mut c_void) -> i32;
    pub fn cudaHostRegister(p: *mut c_void, size: usize, flags: c_uint) -> i32;
    pub fn cudaHostUnregister(p: *mut c_void) -> i32;
}

pub const HOST_ALLOC_PORTABLE: c_uint = 0x01;

/// Page-locked host memory, freed on drop.
pub struct HostBuf {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for HostBuf {}
unsafe impl Sync for HostBuf {}

impl HostBuf {
    pub fn new(len: usize) -> Result<Self, ApiError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { cudaHostAlloc(&mut p, len.max(1), HOST_ALLOC_PORTABLE) };
        if rc != 0 {
            return Err(ApiError::Cuda(rc));
        }
        Ok(Self { ptr: p.cast(), len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.ptr
    }

    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.ptr
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for HostBuf {
    fn drop(&mut self) {
        unsafe { cudaFreeHost(self.ptr.cast()) };
    }
}
