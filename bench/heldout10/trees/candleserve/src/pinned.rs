//! Drop owners for page-locked host memory: allocations and registrations.
use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr::NonNull;

use anyhow::{ensure, Result};

use crate::ffi;

pub struct HostPinned<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for HostPinned<T> {}
unsafe impl<T: Copy + Sync> Sync for HostPinned<T> {}

impl<T: Copy> HostPinned<T> {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let bytes = len.max(1) * std::mem::size_of::<T>();
        let rc = unsafe { ffi::cudaHostAlloc(&mut p, bytes, ffi::CUDA_HOST_ALLOC_DEFAULT) };
        ensure!(rc == 0 && !p.is_null(), "page-locked allocation of {bytes} bytes failed ({rc})");
        Ok(Self { ptr: NonNull::new(p.cast()).unwrap(), len, _t: PhantomData })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> Drop for HostPinned<T> {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaFreeHost(self.ptr.as_ptr().cast());
        }
    }
}

/// Keeps an existing host range registered until dropped.
pub struct Registration {
    ptr: *mut c_void,
}

unsafe impl Send for Registration {}
unsafe impl Sync for Registration {}

impl Registration {
    pub fn new(ptr: *mut c_void, len: usize) -> Result<Self> {
        let rc = unsafe { ffi::cudaHostRegister(ptr, len, ffi::CUDA_HOST_REGISTER_READ_ONLY) };
        ensure!(rc == 0, "registering {len} bytes failed ({rc})");
        Ok(Self { ptr })
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaHostUnregister(self.ptr);
        }
    }
}
