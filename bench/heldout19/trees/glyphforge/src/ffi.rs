#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_uint, c_void};

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct GfSegment {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

extern "C" {
    pub fn gf_init(max_glyphs: c_int) -> c_int;
    pub fn gf_shutdown();
    pub fn gf_render_sdf(
        segs: *const GfSegment,
        seg_off: *const c_int,
        n_glyphs: c_int,
        size: c_int,
        spread: f32,
        out: *mut f32,
    ) -> c_int;
    pub fn gf_pack_atlas(pages: *const *mut u8, n_pages: c_int, page_bytes: usize, checksum: *mut c_uint) -> c_int;
    pub fn gf_upload_coverage(host: *const u8, n: usize, checksum: *mut c_uint) -> c_int;
    pub fn gf_load_font_table(path: *const c_char, max_glyphs: c_int, metrics: *mut f32, n_out: *mut c_int) -> c_int;
    pub fn gf_dump_metrics(path: *const c_char) -> c_int;
}

#[link(name = "cudart")]
extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> c_int;
}

#[derive(Debug, thiserror::Error)]
pub enum GfError {
    #[error("CUDA runtime error {0}")]
    Cuda(c_int),
    #[error("glyphforge library error {0}")]
    Lib(c_int),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
