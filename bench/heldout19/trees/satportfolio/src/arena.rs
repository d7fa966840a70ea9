use std::os::raw::c_void;
use std::ptr;

use crate::ffi::{self, DriverError};

/// A page-locked host block from the driver allocator, freed on drop.
pub struct HostArena {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for HostArena {}

impl HostArena {
    pub fn new(len: usize) -> Result<Self, DriverError> {
        let mut p: *mut c_void = ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) })?;
        Ok(Self { ptr: p as *mut u8, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    pub fn as_i32_mut(&mut self) -> &mut [i32] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut i32, self.len / 4) }
    }
}

impl Drop for HostArena {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}
