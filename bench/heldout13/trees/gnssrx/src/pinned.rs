use std::mem::size_of;
use std::os::raw::c_void;

use cust::DeviceCopy;

use crate::{ffi, GnssError};

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy)]
pub struct Iq {
    pub re: f32,
    pub im: f32,
}

/// A page-locked block of IQ samples, freed on drop.
pub struct PinnedSamples {
    ptr: *mut Iq,
    len: usize,
}

unsafe impl Send for PinnedSamples {}

impl PinnedSamples {
    pub fn new(len: usize) -> Result<Self, GnssError> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { ffi::cuMemAllocHost_v2(&mut p, len * size_of::<Iq>()) };
        if rc != 0 {
            return Err(GnssError::Cuda(rc));
        }
        unsafe { std::ptr::write_bytes(p.cast::<Iq>(), 0, len) };
        Ok(Self { ptr: p.cast(), len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_ptr(&self) -> *const Iq {
        self.ptr
    }

    pub fn as_slice(&self) -> &[Iq] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [Iq] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.cast(), self.len * size_of::<Iq>()) }
    }
}

impl Drop for PinnedSamples {
    fn drop(&mut self) {
        unsafe { ffi::cuMemFreeHost(self.ptr.cast()) };
    }
}
