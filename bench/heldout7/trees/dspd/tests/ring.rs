#[path = "../src/ffi.rs"]
mod ffi;
#[path = "../src/ring.rs"]
mod ring;

#[test]
fn ring_wraps() {
    let _ctx = cudarc::driver::CudaContext::new(0).unwrap();
    let mut r = ring::PinnedRing::new(4, 2, 1).unwrap();
    let a = r.next_period().as_ptr();
    let _ = r.next_period();
    assert_eq!(a, r.next_period().as_ptr());
}
