use std::ffi::c_void;

use crate::ffi::{check, cuMemHostRegister_v2, cuMemHostUnregister, DriverError, CU_MEMHOSTREGISTER_PORTABLE};

/// Keeps a foreign host range page-locked until dropped.
pub struct HostRegistration {
    ptr: *mut c_void,
    len: usize,
}

unsafe impl Send for HostRegistration {}

impl HostRegistration {
    pub fn register(ptr: *mut u8, len: usize) -> Result<Self, DriverError> {
        check(unsafe { cuMemHostRegister_v2(ptr as *mut c_void, len, CU_MEMHOSTREGISTER_PORTABLE) })?;
        Ok(HostRegistration { ptr: ptr as *mut c_void, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            cuMemHostUnregister(self.ptr);
        }
    }
}

#[derive(Debug)]
pub enum ShmError {
    Driver(DriverError),
    BadMagic(u32),
}

impl From<DriverError> for ShmError {
    fn from(e: DriverError) -> Self {
        ShmError::Driver(e)
    }
}

fn validate_header(ptr: *const u8) -> Result<(), ShmError> {
    let magic = unsafe { std::ptr::read_unaligned(ptr as *const u32) };
    if magic != 0x4F42_5354 {
        return Err(ShmError::BadMagic(magic));
    }
    Ok(())
}

/// Registers a client's camera ring (shared memory mapped by the robot process).
pub fn register_shared(ptr: *mut u8, len: usize) -> Result<HostRegistration, ShmError> {
    check(unsafe { cuMemHostRegister_v2(ptr as *mut c_void, len, CU_MEMHOSTREGISTER_PORTABLE) })?;
    validate_header(ptr)?;
    Ok(HostRegistration { ptr: ptr as *mut c_void, len })
}
