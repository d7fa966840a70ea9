#[path = "../src/cuda.rs"]
mod cuda;

use std::os::raw::c_void;

#[test]
fn pinned_roundtrip() {
    let mut p: *mut c_void = std::ptr::null_mut();
    assert_eq!(unsafe { cuda::cudaMallocHost(&mut p, 4096) }, 0);
    unsafe { std::ptr::write_bytes(p as *mut u8, 7, 4096) };
    assert_eq!(unsafe { *(p as *const u8).add(4095) }, 7);
    unsafe { cuda::cudaFreeHost(p) };
}
