//! Raw CUDA driver API entry points used where cust has no wrapper we want.
#![allow(non_snake_case)]
use std::os::raw::{c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CUDA_SUCCESS: CUresult = 0;
pub const CU_MEMHOSTALLOC_PORTABLE: c_uint = 0x01;
pub const CU_MEMHOSTREGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

#[derive(Debug, thiserror::Error)]
pub enum GeoError {
    #[error("CUDA driver error {0}")]
    Cuda(CUresult),
    #[error("cust: {0}")]
    Cust(#[from] cust::error::CudaError),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad raster header")]
    BadHeader,
    #[error("worker pool is gone")]
    PoolClosed,
}

impl actix_web::ResponseError for GeoError {}

pub fn check(rc: CUresult) -> Result<(), GeoError> {
    if rc == CUDA_SUCCESS { Ok(()) } else { Err(GeoError::Cuda(rc)) }
}
