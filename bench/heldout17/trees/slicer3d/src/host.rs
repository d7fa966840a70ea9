use std::os::raw::c_void;

use crate::cuda;

/// A page-locked slab from cudaHostAlloc; freed when dropped.
pub struct PinnedSlab<T> {
    ptr: *mut T,
    len: usize,
}

impl<T: Copy + Default> PinnedSlab<T> {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { cuda::cudaHostAlloc(&mut p, len * std::mem::size_of::<T>(), cuda::CUDA_HOST_ALLOC_DEFAULT) };
        cuda::ok(rc, "cudaHostAlloc")?;
        Ok(Self { ptr: p as *mut T, len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for PinnedSlab<T> {
    fn drop(&mut self) {
        unsafe { cuda::cudaFreeHost(self.ptr as *mut c_void) };
    }
}
