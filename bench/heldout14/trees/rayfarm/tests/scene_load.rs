use cust::memory::LockedBuffer;

#[test]
fn locked_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let b = LockedBuffer::from_slice(&[1u8, 2, 3]).unwrap();
    assert_eq!(&b[..], &[1, 2, 3]);
}
