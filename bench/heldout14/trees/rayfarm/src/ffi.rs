use std::os::raw::{c_int, c_uint, c_void};

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> c_int;
    pub fn cuMemFreeHost(p: *mut c_void) -> c_int;
    pub fn cuMemHostGetFlags(flags: *mut c_uint, p: *mut c_void) -> c_int;
}
