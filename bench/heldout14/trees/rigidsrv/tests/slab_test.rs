#[path = "../src/ffi.rs"]
mod ffi;

#[test]
fn alloc_and_free() {
    let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
    unsafe {
        assert_eq!(ffi::cudaHostAlloc(&mut p, 1 << 20, ffi::CUDA_HOST_ALLOC_PORTABLE), 0);
        assert_eq!(ffi::cudaFreeHost(p), 0);
    }
}
