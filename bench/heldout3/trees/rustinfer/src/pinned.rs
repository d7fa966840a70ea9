//! Owning page-locked host buffer.

use std::marker::PhantomData;
use std::os::raw::c_void;
use std::ptr::NonNull;

use crate::ffi;
use crate::{check, CuError};

pub struct PinnedBuf<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
    _marker: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for PinnedBuf<T> {}

impl<T: Copy> PinnedBuf<T> {
    pub fn new(len: usize) -> Result<Self, CuError> {
        let bytes = len.max(1) * std::mem::size_of::<T>();
        let mut raw: *mut c_void = std::ptr::null_mut();
        check(unsafe { ffi::cuMemAllocHost_v2(&mut raw, bytes) })?;
        let ptr = NonNull::new(raw as *mut T).ok_or_else(|| CuError::Other("null pinned pointer".into()))?;
        Ok(Self { ptr, len, _marker: PhantomData })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr.as_ptr()
    }

    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> Drop for PinnedBuf<T> {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr.as_ptr() as *mut c_void);
        }
    }
}
