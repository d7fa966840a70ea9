use fleetroute::gpu::staging::PinnedStage;

#[test]
fn stage_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut s = PinnedStage::new(4096).unwrap();
    s.as_mut_slice::<u32>()[0] = 7;
    assert_eq!(s.as_mut_slice::<u32>()[0], 7);
    assert_eq!(s.len(), 4096);
}
