//! Owners for page-locked memory.
use std::ffi::c_void;
use std::marker::PhantomData;

use anyhow::{ensure, Result};

use crate::ffi::{cudaFreeHost, cudaHostAlloc, cudaHostRegister, cudaHostUnregister};
use crate::ffi::{CUDA_HOST_ALLOC_PORTABLE, CUDA_HOST_REGISTER_READ_ONLY};

/// A fixed-size page-locked array, freed on drop.
pub struct PinnedVec<T: Copy + Default> {
    ptr: *mut T,
    len: usize,
}

unsafe impl<T: Copy + Default + Send> Send for PinnedVec<T> {}

impl<T: Copy + Default> PinnedVec<T> {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let bytes = len.max(1) * std::mem::size_of::<T>();
        let rc = unsafe { cudaHostAlloc(&mut p, bytes, CUDA_HOST_ALLOC_PORTABLE) };
        ensure!(rc == 0, "cudaHostAlloc({bytes}) failed: {rc}");
        let ptr = p as *mut T;
        for i in 0..len {
            unsafe { ptr.add(i).write(T::default()) };
        }
        Ok(Self { ptr, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy + Default> Drop for PinnedVec<T> {
    fn drop(&mut self) {
        unsafe { cudaFreeHost(self.ptr as *mut c_void) };
    }
}

/// Keeps a borrowed slice registered (read-only) for as long as the guard lives.
pub struct Registered<'a> {
    ptr: *mut c_void,
    len: usize,
    _borrow: PhantomData<&'a [f32]>,
}

unsafe impl Send for Registered<'_> {}
unsafe impl Sync for Registered<'_> {}

impl<'a> Registered<'a> {
    pub fn new(data: &'a [f32]) -> Result<Self> {
        let ptr = data.as_ptr() as *mut c_void;
        let bytes = std::mem::size_of_val(data);
        let rc = unsafe { cudaHostRegister(ptr, bytes, CUDA_HOST_REGISTER_READ_ONLY) };
        ensure!(rc == 0, "cudaHostRegister({bytes}) failed: {rc}");
        Ok(Self { ptr, len: data.len(), _borrow: PhantomData })
    }

    pub fn as_slice(&self) -> &'a [f32] {
        unsafe { std::slice::from_raw_parts(self.ptr as *const f32, self.len) }
    }
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        unsafe { cudaHostUnregister(self.ptr) };
    }
}
