use std::os::raw::c_void;

use crate::ffi::{self, GfError};

/// Page-locks a caller's buffer for the lifetime of the guard.
pub struct HostRegion<'a> {
    buf: &'a mut [u8],
}

impl<'a> HostRegion<'a> {
    pub fn new(buf: &'a mut [u8]) -> Result<Self, GfError> {
        let rc = unsafe { ffi::cudaHostRegister(buf.as_mut_ptr() as *mut c_void, buf.len(), 0) };
        if rc != 0 {
            return Err(GfError::Cuda(rc));
        }
        Ok(Self { buf })
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.buf.as_ptr()
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
}

impl Drop for HostRegion<'_> {
    fn drop(&mut self) {
        unsafe { ffi::cudaHostUnregister(self.buf.as_mut_ptr() as *mut c_void) };
    }
}
