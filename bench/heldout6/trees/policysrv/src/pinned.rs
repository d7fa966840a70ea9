use std::ffi::c_void;
use std::ptr;

use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost, DriverError};

/// Page-locked host bytes owned for the lifetime of the value.
pub struct PinnedBuf {
    ptr: *mut c_void,
    len: usize,
}

unsafe impl Send for PinnedBuf {}
unsafe impl Sync for PinnedBuf {}

impl PinnedBuf {
    pub fn new(len: usize) -> Result<Self, DriverError> {
        let mut p: *mut c_void = ptr::null_mut();
        check(unsafe { cuMemAllocHost_v2(&mut p, len) })?;
        Ok(PinnedBuf { ptr: p, len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut u8, self.len) }
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr as *const u8, self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for PinnedBuf {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            unsafe {
                cuMemFreeHost(self.ptr);
            }
        }
    }
}
