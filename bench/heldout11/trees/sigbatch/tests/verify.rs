#[path = "../src/ffi.rs"]
mod ffi;
#[path = "../src/pinned.rs"]
mod pinned;

#[test]
fn pinned_vec_holds_data() {
    if std::env::var("SB_GPU_TESTS").is_err() {
        return;
    }
    let mut v = pinned::PinnedVec::<u8>::with_capacity(16).unwrap();
    v.extend_from_slice(&[1, 2, 3]);
    assert_eq!(&v[..], &[1, 2, 3]);
}
