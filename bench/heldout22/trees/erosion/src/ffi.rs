//! libcudart and the erosion kernels (cuda/erosion.cu, built by build.rs).
#![allow(non_camel_case_types)]
use std::os::raw::{c_char, c_int, c_uint, c_void};

#[repr(C)]
pub struct er_ctx {
    _private: [u8; 0],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct er_params {
    pub inertia: f32,
    pub capacity: f32,
    pub deposition: f32,
    pub erosion: f32,
    pub evaporation: f32,
    pub gravity: f32,
    pub max_lifetime: c_int,
    pub brush_radius: c_int,
}

#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct er_tile_stat {
    pub min_h: f32,
    pub max_h: f32,
    pub mean_h: f32,
    pub eroded: f32,
    pub deposited: f32,
}

pub type cudaError_t = c_int;
pub const CUDA_HOST_ALLOC_MAPPED: c_uint = 0x02;

extern "C" {
    pub fn er_init(width: c_int, height: c_int, params: *const er_params) -> *mut er_ctx;
    pub fn er_destroy(ctx: *mut er_ctx);
    pub fn er_upload(ctx: *mut er_ctx, heights: *const f32) -> c_int;
    pub fn er_download(ctx: *mut er_ctx, heights: *mut f32) -> c_int;
    pub fn er_droplets(ctx: *mut er_ctx, seeds: *const f32, n: c_int) -> c_int;
    pub fn er_tile_stats(ctx: *mut er_ctx, tile: c_int, out: *mut er_tile_stat, max_tiles: c_int) -> c_int;
    pub fn er_dump_debug(ctx: *mut er_ctx, path: *const c_char) -> c_int;

    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> cudaError_t;
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> cudaError_t;
    pub fn cudaFreeHost(ptr: *mut c_void) -> cudaError_t;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> cudaError_t;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> cudaError_t;
}

pub fn check(err: cudaError_t, what: &str) -> anyhow::Result<()> {
    if err == 0 {
        Ok(())
    } else {
        Err(anyhow::anyhow!("{what}: cudaError {err}"))
    }
}
