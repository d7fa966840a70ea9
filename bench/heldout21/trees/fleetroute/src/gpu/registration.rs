use std::os::raw::c_void;

use super::ffi::{check, cuMemHostRegister_v2, cuMemHostUnregister};

/// Keeps an existing slice page-locked until dropped.
pub struct HostRegistration {
    ptr: *mut c_void,
}

unsafe impl Send for HostRegistration {}
unsafe impl Sync for HostRegistration {}

impl HostRegistration {
    pub fn new<T>(data: &mut [T]) -> anyhow::Result<Self> {
        let ptr = data.as_mut_ptr() as *mut c_void;
        let bytes = std::mem::size_of_val(data);
        check(unsafe { cuMemHostRegister_v2(ptr, bytes, 0) }, "cuMemHostRegister_v2")?;
        Ok(Self { ptr })
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            cuMemHostUnregister(self.ptr);
        }
    }
}
