#[path = "../src/ffi.rs"]
mod ffi;
#[path = "../src/pinned.rs"]
mod pinned;

#[test]
fn slab_roundtrip() {
    let mut s = pinned::PinnedSlab::new(64).unwrap();
    s.bytes_mut()[0] = 7;
    assert_eq!(s.bytes()[0], 7);
}
