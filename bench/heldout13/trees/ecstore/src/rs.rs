//! Reed-Solomon (k data + m parity shards) over GF(2^8) on the GPU (csrc/rs_gpu.cu).
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::os::raw::{c_char, c_int};

use crate::cuda::HostBuf;
use crate::ApiError;

#[repr(C)]
pub struct rs_ctx {
    _private: [u8; 0],
}

extern "C" {
    fn rs_ctx_create(k: c_int, m: c_int, max_shard: usize) -> *mut rs_ctx;
    fn rs_ctx_destroy(c: *mut rs_ctx);
    fn rs_encode(c: *mut rs_ctx, data: *const *const u8, matrix: *const u8, parity: *mut u8, shard_len: usize) -> c_int;
    fn rs_decode(c: *mut rs_ctx, shards: *const *mut u8, present: *const c_int, shard_len: usize) -> c_int;
    pub fn rs_crc32(data: *const u8, len: usize) -> u32;
    pub fn rs_load_matrix_cache(path: *const c_char, k: c_int, m: c_int, out: *mut u8) -> c_int;
}

struct Ctx(*mut rs_ctx);

unsafe impl Send for Ctx {}

impl Drop for Ctx {
    fn drop(&mut self) {
        unsafe { rs_ctx_destroy(self.0) };
    }
}

pub struct Encoder {
    ctx: Ctx,
    pub k: usize,
    pub m: usize,
    matrices: HashMap<(usize, usize), HostBuf>,
}

impl Encoder {
    pub fn new(k: usize, m: usize, max_shard: usize) -> Result<Self, ApiError> {
        let p = unsafe { rs_ctx_create(k as c_int, m as c_int, max_shard) };
        if p.is_null() {
            return Err(ApiError::Rs(-1));
        }
        Ok(Self { ctx: Ctx(p), k, m, matrices: HashMap::new() })
    }

    /// Cauchy encoding matrix for (k, m), kept page-locked for the kernels.
    fn encoding_matrix(&mut self) -> Result<*const u8, ApiError> {
        let (k, m) = (self.k, self.m);
        match self.matrices.entry((k, m)) {
            Entry::Occupied(e) => Ok(e.get().as_ptr()),
            Entry::Vacant(v) => {
                let mut b = HostBuf::new(k * m)?;
                for (idx, x) in b.as_mut_slice().iter_mut().enumerate() {
                    let (i, j) = (idx / k, idx % k);
                    *x = gf_inv(((k + i) ^ j) as u8);
                }
                Ok(v.insert(b).as_ptr())
            }
        }
    }

    fn make_parity_buffers(&self, shard_len: usize) -> Result<HostBuf, ApiError> {
        HostBuf::new(self.m * shard_len)
    }

    pub fn encode_stripe(&mut self, data: &[&[u8]]) -> Result<Vec<Vec<u8>>, ApiError> {
        let matrix = self.encoding_matrix()?;
        let shard_len = data[0].len();
        let mut parity = self.make_parity_buffers(shard_len)?;
        let ptrs: Vec<*const u8> = data.iter().map(|d| d.as_ptr()).collect();
        let rc = unsafe { rs_encode(self.ctx.0, ptrs.as_ptr(), matrix, parity.as_mut_ptr(), shard_len) };
        if rc != 0 {
            return Err(ApiError::Rs(rc));
        }
        Ok(parity.as_slice().chunks(shard_len).map(|c| c.to_vec()).collect())
    }

    pub fn reconstruct(&mut self, shards: &mut [Vec<u8>], present: &[c_int]) -> Result<(), ApiError> {
        let shard_len = shards.iter().map(|s| s.len()).max().unwrap_or(0);
        for s in shards.iter_mut() {
            s.resize(shard_len, 0);
        }
        let ptrs: Vec<*mut u8> = shards.iter_mut().map(|s| s.as_mut_ptr()).collect();
        let rc = unsafe { rs_decode(self.ctx.0, ptrs.as_ptr(), present.as_ptr(), shard_len) };
        if rc != 0 {
            return Err(ApiError::Rs(rc));
        }
        Ok(())
    }
}

fn gf_inv(x: u8) -> u8 {
    if x == 0 {
        return 0;
    }
    let mut r = 1u8;
    for _ in 0..254 {
        r = gf_mul(r, x);
    }
    r
}

fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        let hi = a & 0x80;
        a <<= 1;
        if hi != 0 {
            a ^= 0x1d;
        }
        b >>= 1;
    }
    p
}
