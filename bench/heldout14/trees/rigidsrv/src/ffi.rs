use std::os::raw::{c_int, c_uint, c_void};

pub const CUDA_HOST_ALLOC_PORTABLE: c_uint = 1;
pub const CUDA_HOST_REGISTER_DEFAULT: c_uint = 0;

#[repr(C)]
pub struct BpCtx {
    _p: [u8; 0],
}

extern "C" {
    pub fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaFreeHost(p: *mut c_void) -> c_int;
    pub fn cudaHostRegister(p: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(p: *mut c_void) -> c_int;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> c_int;
    pub fn cuMemFreeHost(p: *mut c_void) -> c_int;

    pub fn bp_create(max_pairs: usize) -> *mut BpCtx;
    pub fn bp_destroy(c: *mut BpCtx);
    pub fn bp_upload_static(c: *mut BpCtx, aabbs: *mut f32, n: usize) -> c_int;
    pub fn bp_find_pairs(c: *mut BpCtx, aabbs: *mut f32, n: usize, out: *mut u32, npairs: *mut usize) -> c_int;
}
