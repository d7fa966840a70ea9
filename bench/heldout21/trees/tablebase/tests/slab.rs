use tablebase::slab::PinnedSlab;

#[test]
fn slab_len_and_write() {
    let mut s = PinnedSlab::<u32>::new(16).unwrap();
    s.as_mut_slice()[15] = 3;
    assert_eq!(s.len(), 16);
    assert_eq!(s.as_slice()[15], 3);
}
