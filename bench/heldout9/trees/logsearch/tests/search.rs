use logsearch::decode::Decoder;
use logsearch::pinned::PinnedBuf;

#[test]
fn pinned_buf_is_zero_len_safe() {
    let mut b = PinnedBuf::new(0).unwrap();
    assert_eq!(b.as_mut_slice().len(), 0);
}

#[test]
fn decoder_output_grows() {
    let mut d = Decoder::default();
    assert_eq!(d.decode(&[1, 2, 3]).unwrap().len(), 12);
    assert_eq!(d.decode(&[1]).unwrap().len(), 4);
}
