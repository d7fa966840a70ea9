use std::marker::PhantomData;
use std::os::raw::c_void;

use crate::ffi::{cudaFreeHost, cudaMallocHost, cuda_check};

/// A typed page-locked slab (cudaMallocHost), freed on drop.
pub struct PinnedSlab<T: Copy> {
    ptr: *mut T,
    len: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for PinnedSlab<T> {}
unsafe impl<T: Copy + Sync> Sync for PinnedSlab<T> {}

impl<T: Copy> PinnedSlab<T> {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        cuda_check(unsafe { cudaMallocHost(&mut p, len.max(1) * std::mem::size_of::<T>()) }, "cudaMallocHost")?;
        Ok(Self { ptr: p as *mut T, len, _t: PhantomData })
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

impl<T: Copy> Drop for PinnedSlab<T> {
    fn drop(&mut self) {
        unsafe {
            cudaFreeHost(self.ptr as *mut c_void);
        }
    }
}
