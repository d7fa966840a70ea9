use std::os::raw::c_void;

use crate::ffi::{self, check, CuError};

/// Page-locked host buffer released on drop.
pub struct PinnedBuf {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedBuf {}
unsafe impl Sync for PinnedBuf {}

impl PinnedBuf {
    pub fn new(len: usize) -> Result<Self, CuError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) })?;
        Ok(PinnedBuf { ptr: p as *mut u8, len })
    }
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for PinnedBuf {
    fn drop(&mut self) {
        unsafe { ffi::cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

/// Registration of caller-owned memory, undone on drop.
pub struct HostRegistration<'a> {
    data: &'a mut [u8],
}

impl<'a> HostRegistration<'a> {
    pub fn new(data: &'a mut [u8]) -> Result<Self, CuError> {
        check(unsafe { ffi::cuMemHostRegister_v2(data.as_mut_ptr() as *mut c_void, data.len(), 0) })?;
        Ok(HostRegistration { data })
    }
    pub fn bytes(&self) -> &[u8] {
        self.data
    }
}

impl Drop for HostRegistration<'_> {
    fn drop(&mut self) {
        unsafe { ffi::cuMemHostUnregister(self.data.as_mut_ptr() as *mut c_void) };
    }
}
