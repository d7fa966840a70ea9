//! Page-locked host memory owned by Rust values.
use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost, cuMemHostRegister_v2, cuMemHostUnregister};
use std::os::raw::c_void;

/// A page-locked byte block from `cuMemAllocHost`, freed on drop.
pub struct PinnedStage {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedStage {}

impl PinnedStage {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { cuMemAllocHost_v2(&mut p, len.max(1)) }, "cuMemAllocHost")?;
        Ok(Self { ptr: p as *mut u8, len })
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for PinnedStage {
    fn drop(&mut self) {
        unsafe {
            cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}

/// Registration of memory Rust already owns; unregistered on drop.
pub struct HostRegistration {
    ptr: *mut c_void,
}

unsafe impl Send for HostRegistration {}
unsafe impl Sync for HostRegistration {}

impl HostRegistration {
    /// The caller must keep `buf`'s allocation alive (and unmoved) for the registration's lifetime.
    pub fn new(buf: &mut [u8]) -> anyhow::Result<Self> {
        let ptr = buf.as_mut_ptr() as *mut c_void;
        check(unsafe { cuMemHostRegister_v2(ptr, buf.len(), 0) }, "cuMemHostRegister")?;
        Ok(Self { ptr })
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            cuMemHostUnregister(self.ptr);
        }
    }
}
