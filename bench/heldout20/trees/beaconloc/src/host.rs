use std::os::raw::c_void;
use std::ptr::NonNull;

use crate::ffi;

/// A page-locked staging block from the driver, freed on drop.
pub struct HostStage {
    ptr: NonNull<u8>,
    len: usize,
}

unsafe impl Send for HostStage {}

impl HostStage {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) }, "cuMemAllocHost")?;
        let ptr = NonNull::new(p.cast::<u8>()).ok_or_else(|| anyhow::anyhow!("driver returned a null block"))?;
        Ok(Self { ptr, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice<T: bytemuck::Pod>(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(&mut self.bytes_mut()[..self.len / std::mem::size_of::<T>() * std::mem::size_of::<T>()])
    }
}

impl Drop for HostStage {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr.as_ptr().cast());
        }
    }
}
