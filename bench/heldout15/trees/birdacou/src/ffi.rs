use std::ffi::c_void;

extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> i32;
    pub fn cudaFreeHost(ptr: *mut c_void) -> i32;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> i32;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> i32;
}

pub const CUDA_HOST_REGISTER_PORTABLE: u32 = 0x01;
