//! Raw CUDA runtime and slicer-library bindings.
use std::os::raw::{c_float, c_int, c_uint, c_void};

pub type CudaError = c_int;
pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0;
pub const CUDA_HOST_REGISTER_DEFAULT: c_uint = 0;

#[repr(C)]
pub struct SlCtx {
    _private: [u8; 0],
}

extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> CudaError;
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> CudaError;
    pub fn cudaFreeHost(ptr: *mut c_void) -> CudaError;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> CudaError;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> CudaError;

    pub fn sl_init(max_layers: c_int) -> *mut SlCtx;
    pub fn sl_destroy(ctx: *mut SlCtx);
    pub fn sl_load_profile(ctx: *mut SlCtx, coeffs: *const c_float, n: c_int) -> c_int;
    pub fn sl_slice_layers(ctx: *mut SlCtx, tris: *const c_float, n_tris: usize, z0: c_float, dz: c_float,
                           n_layers: c_int, seg_counts: *mut u32) -> c_int;
    pub fn sl_offset_perimeters(ctx: *mut SlCtx, loops: *const c_float, loop_len: *const c_int, n_loops: c_int,
                                width: c_float, out: *mut c_float) -> c_int;
}

pub fn ok(rc: CudaError, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(rc == 0, "{what}: cudaError {rc}");
    Ok(())
}
