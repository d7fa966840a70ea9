#![allow(non_camel_case_types)]
use std::os::raw::{c_char, c_int, c_uint, c_void};

pub type cudaError_t = c_int;

#[repr(C)]
pub struct TbCtx {
    _private: [u8; 0],
}

extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> cudaError_t;
    pub fn cudaFreeHost(ptr: *mut c_void) -> cudaError_t;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> cudaError_t;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> cudaError_t;

    pub fn tb_init(n_pieces: c_int) -> *mut TbCtx;
    pub fn tb_shutdown(ctx: *mut TbCtx);
    pub fn tb_expand_frontier(ctx: *mut TbCtx, frontier: *const u64, n: i64, dtz: *mut u8, iteration: c_int) -> c_int;
    pub fn tb_verify_slice(ctx: *mut TbCtx, dtz: *const u8, offset: i64, len: i64, bad: *mut i64) -> c_int;
    pub fn tb_dump_stats(ctx: *mut TbCtx, dtz: *const u8, n: i64, path: *const c_char) -> c_int;
}

pub fn cuda_check(rc: cudaError_t, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(rc == 0, "{what}: cudaError {rc}");
    Ok(())
}

/// Page-locks a caller's slice until dropped.
pub struct Registered {
    ptr: *mut c_void,
}

impl Registered {
    pub fn new<T>(data: &mut [T]) -> anyhow::Result<Self> {
        let ptr = data.as_mut_ptr() as *mut c_void;
        cuda_check(unsafe { cudaHostRegister(ptr, std::mem::size_of_val(data), 0) }, "cudaHostRegister")?;
        Ok(Self { ptr })
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe {
            cudaHostUnregister(self.ptr);
        }
    }
}
