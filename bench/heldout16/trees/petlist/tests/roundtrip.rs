use petlist::listmode::{crystals, is_delayed, split_subsets};
use petlist::pinned::HostBuf;

#[test]
fn word_fields_roundtrip() {
    let w: u64 = (1 << 63) | (1234u64 << 40) | (5678u64 << 17) | 0x1_0005;
    assert!(is_delayed(w));
    assert_eq!(crystals(w), (1234, 5678));
}

#[test]
fn subsets_skip_delayed() {
    let words = [1u64 << 40, 1 << 63, 2 << 40, 3 << 40];
    let s = split_subsets(&words, 2);
    assert_eq!(s[0].len() + s[1].len(), 3);
}

#[test]
#[ignore = "needs a GPU"]
fn hostbuf_is_zeroed() {
    let b = HostBuf::<f32>::new(1024).unwrap();
    assert!(b.iter().all(|&x| x == 0.0));
}
