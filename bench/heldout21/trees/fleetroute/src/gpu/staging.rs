use std::os::raw::c_void;

use super::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost};

/// A page-locked staging block, freed on drop.
pub struct PinnedStage {
    ptr: *mut c_void,
    len: usize,
}

unsafe impl Send for PinnedStage {}

impl PinnedStage {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut ptr = std::ptr::null_mut();
        check(unsafe { cuMemAllocHost_v2(&mut ptr, len) }, "cuMemAllocHost_v2")?;
        Ok(Self { ptr, len })
    }

    pub fn as_mut_slice<T: Copy>(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut T, self.len / std::mem::size_of::<T>()) }
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for PinnedStage {
    fn drop(&mut self) {
        unsafe {
            cuMemFreeHost(self.ptr);
        }
    }
}
