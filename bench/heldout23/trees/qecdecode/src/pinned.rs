//! Drop owners over raw driver allocations and registrations.
use std::marker::PhantomData;
use std::os::raw::c_void;

use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost, cuMemHostRegister_v2, cuMemHostUnregister};
use crate::Result;

/// Page-locked buffer of detection events (one byte per detector per shot).
pub struct PinnedRounds {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedRounds {}

impl PinnedRounds {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { cuMemAllocHost_v2(&mut p, len.max(1)) }, "cuMemAllocHost_v2")?;
        unsafe { std::ptr::write_bytes(p as *mut u8, 0, len) };
        Ok(Self { ptr: p as *mut u8, len })
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

impl Drop for PinnedRounds {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

/// A registration of an existing host slice, undone when dropped.
pub struct Registered<'a> {
    ptr: *mut c_void,
    len: usize,
    _borrow: PhantomData<&'a mut [u8]>,
}

unsafe impl Send for Registered<'_> {}
unsafe impl Sync for Registered<'_> {}

impl<'a> Registered<'a> {
    pub fn new(buf: &'a mut [u8], flags: u32) -> Result<Self> {
        let ptr = buf.as_mut_ptr() as *mut c_void;
        check(unsafe { cuMemHostRegister_v2(ptr, buf.len(), flags) }, "cuMemHostRegister_v2")?;
        Ok(Self { ptr, len: buf.len(), _borrow: PhantomData })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.ptr as *const u8
    }
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        unsafe { cuMemHostUnregister(self.ptr) };
    }
}
