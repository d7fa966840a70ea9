use geocode::stage::stage_queries;

#[test]
#[ignore = "needs a CUDA device"]
fn staging_packs_offsets() {
    let q = vec!["12 Smith Street".to_string(), "Unit 3 / 40 High Rd".to_string()];
    let staged = stage_queries(&q).unwrap();
    assert_eq!(staged.n, 2);
    assert_eq!(staged.offsets.len(), 3);
    assert!(staged.offsets[1] > 0 && staged.offsets[2] > staged.offsets[1]);
}
