#![allow(non_snake_case, dead_code)]
use std::ffi::{c_int, c_uint, c_void};

pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0x00;
pub const CUDA_HOST_REGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cudart")]
extern "C" {
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> c_int;
}
