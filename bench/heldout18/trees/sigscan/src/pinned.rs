//! Drop guards over raw page-locked allocations and registrations.
use crate::ffi;
use std::os::raw::c_void;

pub struct HostBlock {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for HostBlock {}

impl HostBlock {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) }, "cuMemAllocHost")?;
        Ok(HostBlock { ptr: p as *mut u8, len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        unsafe { ffi::cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

pub struct Registered<'a> {
    buf: &'a mut [u8],
}

impl<'a> Registered<'a> {
    pub fn new(buf: &'a mut [u8]) -> anyhow::Result<Self> {
        let rc = unsafe {
            ffi::cuMemHostRegister_v2(buf.as_mut_ptr() as *mut c_void, buf.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY)
        };
        ffi::check(rc, "cuMemHostRegister")?;
        Ok(Registered { buf })
    }

    pub fn bytes(&self) -> &[u8] {
        self.buf
    }
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        unsafe { ffi::cuMemHostUnregister(self.buf.as_mut_ptr() as *mut c_void) };
    }
}
