use std::ptr;

use crate::ffi;

/// A page-locked slab of `T`, freed on drop.
pub struct PinnedSlab<T> {
    ptr: *mut T,
    len: usize,
}

unsafe impl<T: Send> Send for PinnedSlab<T> {}

impl<T: Copy + Default> PinnedSlab<T> {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut std::ffi::c_void = ptr::null_mut();
        let rc = unsafe { ffi::cudaHostAlloc(&mut p, len * std::mem::size_of::<T>(), ffi::CUDA_HOST_ALLOC_PORTABLE) };
        anyhow::ensure!(rc == 0, "page-locked alloc failed: {rc}");
        let ptr = p as *mut T;
        for i in 0..len {
            unsafe { ptr.add(i).write(T::default()) };
        }
        Ok(Self { ptr, len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }
}

impl<T> Drop for PinnedSlab<T> {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr as *mut _) };
    }
}

/// Keeps a host range registered while alive.
pub struct Registered {
    p: *mut std::ffi::c_void,
}

impl Registered {
    pub fn new<T>(data: &mut [T]) -> anyhow::Result<Self> {
        let p = data.as_mut_ptr() as *mut std::ffi::c_void;
        let rc = unsafe { ffi::cudaHostRegister(p, std::mem::size_of_val(data), ffi::CUDA_HOST_REGISTER_DEFAULT) };
        anyhow::ensure!(rc == 0, "host registration failed: {rc}");
        Ok(Self { p })
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { ffi::cudaHostUnregister(self.p) };
    }
}
