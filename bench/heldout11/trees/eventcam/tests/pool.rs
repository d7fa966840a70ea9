use cust::memory::LockedBuffer;

#[test]
fn locked_buffer_roundtrip() {
    let _ctx = match cust::quick_init() {
        Ok(c) => c,
        Err(_) => return, // no GPU on this runner
    };
    let mut buf = LockedBuffer::new(&0u8, 1024).unwrap();
    buf[3] = 7;
    assert_eq!(buf.as_slice()[3], 7);
}
