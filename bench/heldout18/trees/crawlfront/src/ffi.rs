use std::os::raw::{c_char, c_int, c_uint, c_void};

pub type CudaError = c_int;

extern "C" {
    // CUDA runtime
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> CudaError;
    pub fn cudaFreeHost(ptr: *mut c_void) -> CudaError;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> CudaError;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> CudaError;

    // cuda/bloom.cu
    pub fn cf_bloom_init(n_bits: usize) -> c_int;
    pub fn cf_bloom_test_insert(hashes: *const u64, n: usize, seen: *mut u8) -> c_int;
    pub fn cf_simhash_pages(pages: *mut *mut u8, lens: *const usize, n: usize, out: *mut u64) -> c_int;
    pub fn cf_load_snapshot(path: *const c_char) -> c_int;
    pub fn cf_save_snapshot(path: *const c_char) -> c_int;
}

pub fn ok(rc: c_int, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(rc == 0, "{what}: CUDA error {rc}");
    Ok(())
}
