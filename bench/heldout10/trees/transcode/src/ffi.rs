//! Raw bindings to the pieces of the CUDA runtime and driver API the worker calls directly.
#![allow(non_snake_case, dead_code)]
use std::ffi::{c_int, c_uint, c_void};

pub const CUDA_HOST_ALLOC_PORTABLE: c_uint = 0x01;
pub const CU_MEMHOSTALLOC_PORTABLE: c_uint = 0x01;
pub const CU_MEMHOSTALLOC_WRITECOMBINED: c_uint = 0x04;

#[link(name = "cudart")]
extern "C" {
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
}

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> c_int;
    pub fn cuMemFreeHost(p: *mut c_void) -> c_int;
}
