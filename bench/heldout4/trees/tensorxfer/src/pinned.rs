use std::ffi::c_void;
use std::ptr::NonNull;

use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost, cuMemHostAlloc, CudaError, CU_MEMHOSTALLOC_PORTABLE};

/// Page-locked host buffer, released with `cuMemFreeHost` on drop.
pub struct PinnedBuf {
    ptr: NonNull<u8>,
    len: usize,
}

unsafe impl Send for PinnedBuf {}
unsafe impl Sync for PinnedBuf {}

impl PinnedBuf {
    pub fn new(len: usize) -> Result<Self, CudaError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { cuMemAllocHost_v2(&mut p, len.max(1)) })?;
        Ok(Self { ptr: NonNull::new(p as *mut u8).expect("cuMemAllocHost returned null"), len })
    }

    /// Portable allocation, usable from every context of the process.
    pub fn portable(len: usize) -> Result<Self, CudaError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        check(unsafe { cuMemHostAlloc(&mut p, len.max(1), CU_MEMHOSTALLOC_PORTABLE) })?;
        Ok(Self { ptr: NonNull::new(p as *mut u8).expect("cuMemHostAlloc returned null"), len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for PinnedBuf {
    fn drop(&mut self) {
        unsafe {
            cuMemFreeHost(self.ptr.as_ptr() as *mut c_void);
        }
    }
}
