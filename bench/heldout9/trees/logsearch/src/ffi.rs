//! Hand-written bindings to the CUDA runtime and driver.
use std::os::raw::{c_int, c_uint, c_void};

pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0x00;
pub const CUDA_HOST_REGISTER_DEFAULT: c_uint = 0x00;
pub const CUDA_HOST_REGISTER_READ_ONLY: c_uint = 0x08;

#[link(name = "cudart")]
extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> c_int;
}

#[link(name = "cuda")]
extern "C" {
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: c_uint) -> c_int;
    pub fn cuMemFreeHost(p: *mut c_void) -> c_int;
}

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("CUDA error {0}")]
    Cuda(c_int),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("corrupt segment: {0}")]
    Corrupt(&'static str),
}

pub fn check(rc: c_int) -> Result<(), SearchError> {
    if rc == 0 { Ok(()) } else { Err(SearchError::Cuda(rc)) }
}

impl From<SearchError> for tonic::Status {
    fn from(e: SearchError) -> Self {
        tonic::Status::internal(e.to_string())
    }
}
