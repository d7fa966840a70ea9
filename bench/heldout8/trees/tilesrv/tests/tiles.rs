use cust::memory::LockedBuffer;

#[test]
fn locked_buffer_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut b = LockedBuffer::new(&7u8, 64).unwrap();
    b[0] = 1;
    assert_eq!(b.len(), 64);
    assert_eq!(b[1], 7);
}
