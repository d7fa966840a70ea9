use meshtess::pinned::PinnedVec;

#[test]
#[ignore = "needs a CUDA device"]
fn pinned_vec_is_zeroed_and_writable() {
    let mut v = PinnedVec::<f32>::new(1024).unwrap();
    assert!(v.as_slice().iter().all(|x| *x == 0.0));
    v.as_mut_slice()[7] = 3.5;
    assert_eq!(v.as_slice()[7], 3.5);
}

#[test]
fn bernstein_weights_sum_to_one() {
    let w = meshtess::cache::weights_at(0.37);
    assert!((w.iter().sum::<f32>() - 1.0).abs() < 1e-5);
}
