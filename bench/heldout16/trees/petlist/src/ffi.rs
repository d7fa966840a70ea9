//! The projector's C API and the CUDA runtime calls the driver uses directly.
#![allow(non_camel_case_types, non_snake_case)]
use std::os::raw::{c_char, c_int, c_uint, c_void};

#[repr(C)]
pub struct pp_projector {
    _private: [u8; 0],
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct pp_geometry {
    pub nx: i32,
    pub ny: i32,
    pub nz: i32,
    pub voxel_mm: f32,
    pub tof_sigma_mm: f32,
    pub n_crystals: i32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, bytemuck::Pod, bytemuck::Zeroable)]
pub struct pp_event {
    pub c1: u32,
    pub c2: u32,
    pub tof_bin: i16,
    pub pad: u16,
}

pub const PP_OK: c_int = 0;
pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0;
pub const CUDA_HOST_ALLOC_PORTABLE: c_uint = 1;
pub const CUDA_HOST_REGISTER_DEFAULT: c_uint = 0;

extern "C" {
    pub fn pp_create(g: *const pp_geometry, out: *mut *mut pp_projector) -> c_int;
    pub fn pp_destroy(p: *mut pp_projector);
    pub fn pp_set_geometry(p: *mut pp_projector, xyz: *const f32, n: usize) -> c_int;
    pub fn pp_load_normalization(p: *mut pp_projector, path: *const c_char) -> c_int;
    pub fn pp_sensitivity(p: *mut pp_projector) -> c_int;
    pub fn pp_set_attenuation(p: *mut pp_projector, mu: *const f32, n: usize) -> c_int;
    pub fn pp_download_image(p: *mut pp_projector, dst: *mut f32, n: usize) -> c_int;
    pub fn pp_stage_events(p: *mut pp_projector, ev: *const pp_event, n: usize) -> c_int;
    pub fn pp_forward_back(p: *mut pp_projector, randoms: *const f32, n: usize) -> c_int;
    pub fn pp_update(p: *mut pp_projector) -> c_int;
    pub fn pp_write_image(p: *mut pp_projector, path: *const c_char) -> c_int;
    pub fn pp_last_error() -> *const c_char;

    pub fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaMallocHost(p: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaFreeHost(p: *mut c_void) -> c_int;
    pub fn cudaHostRegister(p: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(p: *mut c_void) -> c_int;
}

pub fn cuda_ok(rc: c_int, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(rc == 0, "{what} failed with cudaError {rc}");
    Ok(())
}

pub fn pp_ok(rc: c_int, what: &str) -> anyhow::Result<()> {
    if rc == PP_OK {
        return Ok(());
    }
    let msg = unsafe { std::ffi::CStr::from_ptr(pp_last_error()) }.to_string_lossy().into_owned();
    anyhow::bail!("{what}: error {rc}: {msg}")
}
