//! Page-locking memory we did not allocate (mmapped weight files, caller buffers).

use std::os::raw::c_void;

use crate::ffi::{self, CUdeviceptr, CUstream};
use crate::{check, CuError};

/// Registration guard: unregisters on drop.
pub struct HostRegistration {
    ptr: *mut c_void,
    len: usize,
}

impl HostRegistration {
    pub fn new(buf: &mut [u8], flags: u32) -> Result<Self, CuError> {
        let ptr = buf.as_mut_ptr() as *mut c_void;
        check(unsafe { ffi::cuMemHostRegister_v2(ptr, buf.len(), flags) })?;
        Ok(Self { ptr, len: buf.len() })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn device_ptr(&self) -> Result<CUdeviceptr, CuError> {
        let mut d: CUdeviceptr = 0;
        check(unsafe { ffi::cuMemHostGetDevicePointer_v2(&mut d, self.ptr, 0) })?;
        Ok(d)
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemHostUnregister(self.ptr);
        }
    }
}

/// One-off upload of a host slice through a temporary registration (no guard: hot path helper).
pub unsafe fn register_for_dma(buf: &mut [u8], dst: CUdeviceptr, stream: CUstream) -> Result<(), CuError> {
    let p = buf.as_mut_ptr() as *mut c_void;
    check(ffi::cuMemHostRegister_v2(p, buf.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY))?;
    check(ffi::cuMemcpyHtoDAsync_v2(dst, p, buf.len(), stream))?;
    check(ffi::cuStreamSynchronize(stream))?;
    check(ffi::cuMemHostUnregister(p))
}
