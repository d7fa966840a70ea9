//! Page-locked host memory owned by Rust values.
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::os::raw::c_void;

use anyhow::Result;

use crate::ffi;

/// A page-locked array, allocated on construction and freed on Drop.
pub struct HostBuf<T: bytemuck::Pod> {
    ptr: *mut T,
    len: usize,
}

unsafe impl<T: bytemuck::Pod + Send> Send for HostBuf<T> {}
unsafe impl<T: bytemuck::Pod + Sync> Sync for HostBuf<T> {}

impl<T: bytemuck::Pod> HostBuf<T> {
    pub fn new(len: usize) -> Result<Self> {
        let mut raw: *mut c_void = std::ptr::null_mut();
        let bytes = len.max(1) * std::mem::size_of::<T>();
        ffi::cuda_ok(unsafe { ffi::cudaHostAlloc(&mut raw, bytes, ffi::CUDA_HOST_ALLOC_DEFAULT) }, "cudaHostAlloc")?;
        unsafe { std::ptr::write_bytes(raw as *mut u8, 0, bytes) };
        Ok(Self { ptr: raw as *mut T, len })
    }
}

impl<T: bytemuck::Pod> Drop for HostBuf<T> {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr as *mut c_void) };
    }
}

impl<T: bytemuck::Pod> Deref for HostBuf<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: bytemuck::Pod> DerefMut for HostBuf<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// Keeps a borrowed slice page-locked until dropped.
pub struct Registration<'a, T> {
    ptr: *mut c_void,
    _borrow: PhantomData<&'a mut [T]>,
}

impl<'a, T: bytemuck::Pod> Registration<'a, T> {
    pub fn new(data: &'a mut [T]) -> Result<Self> {
        let ptr = data.as_mut_ptr() as *mut c_void;
        let bytes = std::mem::size_of_val(data);
        ffi::cuda_ok(unsafe { ffi::cudaHostRegister(ptr, bytes, ffi::CUDA_HOST_REGISTER_DEFAULT) }, "cudaHostRegister")?;
        Ok(Self { ptr, _borrow: PhantomData })
    }
}

impl<T> Drop for Registration<'_, T> {
    fn drop(&mut self) {
        unsafe { ffi::cudaHostUnregister(self.ptr) };
    }
}

/// Grow-only page-locked scratch (never shrinks, reallocates only on growth).
pub struct Scratch {
    ptr: *mut c_void,
    cap: usize,
}

impl Scratch {
    pub const fn empty() -> Self {
        Self { ptr: std::ptr::null_mut(), cap: 0 }
    }

    pub fn get(&mut self, bytes: usize) -> Result<*mut c_void> {
        if bytes > self.cap {
            if !self.ptr.is_null() {
                unsafe { ffi::cudaFreeHost(self.ptr) };
                self.ptr = std::ptr::null_mut();
                self.cap = 0;
            }
            ffi::cuda_ok(unsafe { ffi::cudaHostAlloc(&mut self.ptr, bytes, ffi::CUDA_HOST_ALLOC_PORTABLE) }, "cudaHostAlloc")?;
            self.cap = bytes;
        }
        Ok(self.ptr)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            unsafe { ffi::cudaFreeHost(self.ptr) };
        }
    }
}
