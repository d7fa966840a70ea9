use candleserve::generate::Sampler;
use candleserve::pinned::HostPinned;

#[test]
#[ignore = "needs a GPU"]
fn sampler_prefers_the_largest_logit() {
    let mut logits = HostPinned::<f32>::new(8).unwrap();
    logits.as_mut_slice().copy_from_slice(&[0.0, 0.0, 9.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    let mut s = Sampler::new(0, 0.01, 0.5);
    let (tok, _) = s.pick(logits.as_slice()).unwrap();
    assert_eq!(tok, 2);
}
