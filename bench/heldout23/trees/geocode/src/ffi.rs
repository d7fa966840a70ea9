//! extern "C" surface of cuda/geo_match.cu plus the runtime calls used directly.
use std::os::raw::{c_char, c_int, c_void};

#[repr(C)]
pub struct GmCtx {
    _private: [u8; 0],
}

extern "C" {
    pub fn gm_init(device: c_int, postings: *const u32, street_offsets: *const i64, n_streets: c_int, top_k: c_int) -> *mut GmCtx;
    pub fn gm_destroy(ctx: *mut GmCtx);
    pub fn gm_match_batch(ctx: *mut GmCtx, query_trigrams: *const u32, query_offsets: *const i32, n_queries: c_int, out_ids: *mut i32, out_scores: *mut f32) -> c_int;
    pub fn gm_score_candidates(ctx: *mut GmCtx, candidates: *const i32, n_blocks: c_int, block_len: c_int, query_trigrams: *const u32, query_offsets: *const i32, out: *mut f32) -> c_int;
    pub fn gm_dump_postings(ctx: *mut GmCtx, path: *const c_char) -> c_int;

    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> c_int;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> c_int;
}

pub const CUDA_HOST_REGISTER_READ_ONLY: u32 = 0x08;
