//! One-shot: build an initial Bloom snapshot from a seed list.
use std::ffi::CString;
use std::os::raw::{c_char, c_int};

extern "C" {
    fn cf_bloom_init(n_bits: usize) -> c_int;
    fn cf_bloom_test_insert(hashes: *const u64, n: usize, seen: *mut u8) -> c_int;
    fn cf_save_snapshot(path: *const c_char) -> c_int;
}

fn main() {
    let seeds = std::fs::read_to_string(std::env::args().nth(1).expect("seed file")).unwrap();
    let hashes: Vec<u64> = seeds.lines().map(|l| l.bytes().fold(1469598103934665603u64, |h, b| (h ^ b as u64).wrapping_mul(1099511628211))).collect();
    let mut seen = vec![0u8; hashes.len()];
    let path = CString::new("bloom.snap").unwrap();
    unsafe {
        cf_bloom_init(1 << 30);
        cf_bloom_test_insert(hashes.as_ptr(), hashes.len(), seen.as_mut_ptr());
        cf_save_snapshot(path.as_ptr());
    }
}
