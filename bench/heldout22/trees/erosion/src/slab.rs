//! Page-locked host slabs from the CUDA runtime, freed on drop.
use std::marker::PhantomData;
use std::os::raw::c_void;

use crate::ffi::{check, cudaFreeHost, cudaHostAlloc, cudaMallocHost, CUDA_HOST_ALLOC_MAPPED};

pub struct HostSlab<T: Copy> {
    ptr: *mut T,
    len: usize,
    _t: PhantomData<T>,
}

unsafe impl<T: Copy + Send> Send for HostSlab<T> {}
unsafe impl<T: Copy + Sync> Sync for HostSlab<T> {}

impl<T: Copy> HostSlab<T> {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { cudaMallocHost(&mut p, len.max(1) * std::mem::size_of::<T>()) }, "cudaMallocHost")?;
        Ok(Self { ptr: p as *mut T, len, _t: PhantomData })
    }

    /// Mapped slab: kernels write results into it directly (zero-copy).
    pub fn mapped(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let bytes = len.max(1) * std::mem::size_of::<T>();
        check(unsafe { cudaHostAlloc(&mut p, bytes, CUDA_HOST_ALLOC_MAPPED) }, "cudaHostAlloc")?;
        Ok(Self { ptr: p as *mut T, len, _t: PhantomData })
    }

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

impl<T: Copy> Drop for HostSlab<T> {
    fn drop(&mut self) {
        unsafe {
            cudaFreeHost(self.ptr as *mut c_void);
        }
    }
}

/// Slab sized for one square tile of `size` x `size` cells.
pub fn alloc_slab(size: usize) -> anyhow::Result<HostSlab<f32>> {
    HostSlab::new(size * size)
}
