//! Page-locked host arrays owned by value.
use std::marker::PhantomData;
use std::os::raw::c_void;

use crate::ffi::{cudaFreeHost, cudaMallocHost};
use crate::{GeoError, Result};

pub struct HostArena<T: Copy> {
    ptr: *mut T,
    len: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for HostArena<T> {}

impl<T: Copy + Default> HostArena<T> {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { cudaMallocHost(&mut p, len.max(1) * std::mem::size_of::<T>()) };
        if rc != 0 {
            return Err(GeoError::Cuda(rc, "cudaMallocHost"));
        }
        let ptr = p as *mut T;
        for i in 0..len {
            unsafe { ptr.add(i).write(T::default()) };
        }
        Ok(Self { ptr, len, _t: PhantomData })
    }
}

impl<T: Copy> HostArena<T> {
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn as_ptr(&self) -> *const T {
        self.ptr
    }
    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy> Drop for HostArena<T> {
    fn drop(&mut self) {
        unsafe { cudaFreeHost(self.ptr as *mut c_void) };
    }
}
