use satportfolio::arena::HostArena;

#[test]
fn arena_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut a = HostArena::new(4096).unwrap();
    a.as_mut_slice()[..4].copy_from_slice(b"SAT!");
    assert_eq!(&a.as_slice()[..4], b"SAT!");
    assert_eq!(a.len(), 4096);
}
