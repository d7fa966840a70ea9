use birdacou::capture::Block;
use birdacou::frontend::{build, Frontend};
use cust::memory::LockedBuffer;

#[test]
#[ignore = "needs a CUDA device"]
fn mel_features_have_expected_length() {
    let _ctx = cust::quick_init().unwrap();
    let samples = LockedBuffer::from_slice(&vec![0i16; 48_000]).unwrap();
    let block = Block { seq: 0, samples: samples.to_vec() };
    let mut fes = build(&["mel".to_string()], 48_000, 48_000).unwrap();
    assert_eq!(fes[0].process(&block).unwrap().len(), 64);
}

#[test]
fn block_to_f32_scales() {
    let b = Block { seq: 1, samples: vec![i16::MIN, 0, 16384] };
    assert_eq!(b.as_f32(), vec![-1.0, 0.0, 0.5]);
}
