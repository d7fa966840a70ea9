use std::os::raw::c_void;

use crate::ffi::{self, GeoError};

/// Portable page-locked block from the driver API, freed on drop.
pub struct HostBlock {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for HostBlock {}

impl HostBlock {
    pub fn alloc(len: usize) -> Result<Self, GeoError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemHostAlloc(&mut p, len, ffi::CU_MEMHOSTALLOC_PORTABLE) })?;
        Ok(HostBlock { ptr: p as *mut u8, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}
