#![allow(non_snake_case)]
use std::os::raw::{c_int, c_uint, c_void};

pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0;
pub const CUDA_HOST_REGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cudart")]
extern "C" {
    pub fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaFreeHost(p: *mut c_void) -> c_int;
    pub fn cudaHostRegister(p: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(p: *mut c_void) -> c_int;
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct RollupBucket {
    pub bucket_start: i64,
    pub min: f64,
    pub max: f64,
    pub sum: f64,
    pub count: u32,
}

#[repr(C)]
pub struct SeriesView {
    pub vals: *const f64,
    pub n: usize,
}

#[link(name = "rollup", kind = "static")]
extern "C" {
    pub fn rollup_init(max_quantiles: usize) -> c_int;
    pub fn rollup_shutdown();
    pub fn rollup_chunk(
        ts: *const i64,
        vals: *const f64,
        n: usize,
        bucket_ns: i64,
        out: *mut RollupBucket,
        max_out: usize,
        n_out: *mut usize,
    ) -> c_int;
    pub fn rollup_percentiles(series: *const SeriesView, nseries: usize, qs: *const f64, nq: usize, out: *mut f64)
        -> c_int;
}
