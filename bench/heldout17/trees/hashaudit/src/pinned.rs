use std::marker::PhantomData;
use std::os::raw::c_void;

use crate::ffi;

/// Page-locked host memory from cuMemAllocHost, freed on drop.
pub struct HostBlock<T: Copy> {
    ptr: *mut T,
    len: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for HostBlock<T> {}

impl<T: Copy> HostBlock<T> {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { ffi::cuMemAllocHost_v2(&mut p, len * std::mem::size_of::<T>()) };
        ffi::check(rc, "cuMemAllocHost_v2")?;
        Ok(Self { ptr: p as *mut T, len, _t: PhantomData })
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy> Drop for HostBlock<T> {
    fn drop(&mut self) {
        unsafe { ffi::cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

/// A host range registered with the driver for as long as the guard lives.
pub struct Registered<'a> {
    bytes: &'a mut [u8],
}

impl<'a> Registered<'a> {
    pub fn new(bytes: &'a mut [u8]) -> anyhow::Result<Self> {
        let rc = unsafe {
            ffi::cuMemHostRegister_v2(
                bytes.as_mut_ptr() as *mut c_void,
                bytes.len(),
                ffi::CU_MEMHOSTREGISTER_PORTABLE | ffi::CU_MEMHOSTREGISTER_READ_ONLY,
            )
        };
        ffi::check(rc, "cuMemHostRegister_v2")?;
        Ok(Self { bytes })
    }

    pub fn as_slice(&self) -> &[u8] {
        self.bytes
    }
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        unsafe { ffi::cuMemHostUnregister(self.bytes.as_mut_ptr() as *mut c_void) };
    }
}
