use std::ffi::c_void;
use std::ops::{Deref, DerefMut};

use crate::ffi::{cuMemFreeHost, cuMemHostAlloc, CU_MEMHOSTALLOC_PORTABLE};

/// A fixed-capacity vector in page-locked host memory.
pub struct PinnedVec<T: Copy> {
    ptr: *mut T,
    len: usize,
    cap: usize,
}

unsafe impl<T: Copy + Send> Send for PinnedVec<T> {}
unsafe impl<T: Copy + Sync> Sync for PinnedVec<T> {}

impl<T: Copy> PinnedVec<T> {
    pub fn with_capacity(cap: usize) -> anyhow::Result<Self> {
        let mut raw: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { cuMemHostAlloc(&mut raw, cap.max(1) * std::mem::size_of::<T>(), CU_MEMHOSTALLOC_PORTABLE) };
        anyhow::ensure!(rc == 0, "page-locked allocation of {cap} elements failed: {rc}");
        Ok(Self { ptr: raw as *mut T, len: 0, cap })
    }

    pub fn from_slice(s: &[T]) -> anyhow::Result<Self> {
        let mut v = Self::with_capacity(s.len())?;
        v.extend_from_slice(s);
        Ok(v)
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn extend_from_slice(&mut self, s: &[T]) {
        assert!(self.len + s.len() <= self.cap, "PinnedVec overflow");
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), self.ptr.add(self.len), s.len()) };
        self.len += s.len();
    }
}

impl<T: Copy> Deref for PinnedVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Copy> DerefMut for PinnedVec<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy> Drop for PinnedVec<T> {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr as *mut c_void) };
    }
}
