//! CUDA runtime/driver entry points and the decimation library (cuda/decimate.cu).
use std::ffi::c_void;

#[repr(C)]
pub struct MtContextRaw {
    _private: [u8; 0],
}

extern "C" {
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: u32) -> i32;
    pub fn cudaFreeHost(ptr: *mut c_void) -> i32;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> i32;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> i32;
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> i32;
    pub fn cuMemFreeHost(p: *mut c_void) -> i32;

    pub fn mt_context_create(out: *mut *mut MtContextRaw) -> i32;
    pub fn mt_context_destroy(ctx: *mut MtContextRaw);
    pub fn mt_quadrics_init(ctx: *mut MtContextRaw, verts: *const f32, n_verts: i32, tris: *const i32,
                            n_tris: i32, d_quadrics: *mut *mut f32) -> i32;
    pub fn mt_quadrics_free(d_quadrics: *mut f32);
    pub fn mt_decimate_host(ctx: *mut MtContextRaw, verts: *mut f32, n_verts: i32, tris: *const i32,
                            n_tris: i32, d_quadrics: *const f32, target_ratio: f32, out_tris: *mut i32) -> i32;
}

pub const CUDA_HOST_ALLOC_PORTABLE: u32 = 0x01;
pub const CUDA_HOST_REGISTER_READ_ONLY: u32 = 0x08;
