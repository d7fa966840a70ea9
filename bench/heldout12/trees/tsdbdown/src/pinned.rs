//! A fixed-capacity vector in page-locked host memory.
use std::io;
use std::marker::PhantomData;
use std::os::raw::c_void;
use std::ptr::{self, NonNull};

use crate::ffi;

pub struct PinnedVec<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
    cap: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for PinnedVec<T> {}
unsafe impl<T: Copy + Sync> Sync for PinnedVec<T> {}

impl<T: Copy> PinnedVec<T> {
    pub fn with_capacity(cap: usize) -> io::Result<Self> {
        let mut p: *mut c_void = ptr::null_mut();
        let bytes = cap.max(1) * std::mem::size_of::<T>();
        let rc = unsafe { ffi::cudaHostAlloc(&mut p, bytes, ffi::CUDA_HOST_ALLOC_DEFAULT) };
        if rc != 0 || p.is_null() {
            return Err(io::Error::new(io::ErrorKind::OutOfMemory, format!("page-locked allocation of {bytes} bytes failed: {rc}")));
        }
        Ok(Self { ptr: NonNull::new(p.cast()).unwrap(), len: 0, cap, _t: PhantomData })
    }

    pub fn from_slice(src: &[T]) -> io::Result<Self> {
        let mut v = Self::with_capacity(src.len())?;
        for x in src {
            v.push(*x);
        }
        Ok(v)
    }

    pub fn push(&mut self, x: T) {
        assert!(self.len < self.cap, "PinnedVec is full");
        unsafe { self.ptr.as_ptr().add(self.len).write(x) };
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn capacity(&self) -> usize {
        self.cap
    }

    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }
}

impl<T: Copy> Drop for PinnedVec<T> {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr.as_ptr().cast()) };
    }
}
