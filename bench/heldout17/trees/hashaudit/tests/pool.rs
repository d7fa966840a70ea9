use cust::memory::LockedBuffer;

#[test]
fn locked_buffer_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let buf = LockedBuffer::from_slice(&[1u8, 2, 3, 4]).unwrap();
    assert_eq!(buf.as_slice(), &[1, 2, 3, 4]);
}
