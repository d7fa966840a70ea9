use cust::memory::LockedBuffer;

#[test]
fn locked_buffer_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut b = LockedBuffer::new(&0u32, 16).unwrap();
    b.as_mut_slice()[3] = 7;
    assert_eq!(b.as_slice()[3], 7);
}
