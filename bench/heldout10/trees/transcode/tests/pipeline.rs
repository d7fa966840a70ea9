use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

#[test]
#[ignore = "needs a GPU"]
fn locked_round_trip() {
    let _ctx = cust::quick_init().unwrap();
    let mut host = LockedBuffer::new(&7u8, 4096).unwrap();
    let dev = DeviceBuffer::from_slice(host.as_slice()).unwrap();
    host.as_mut_slice().fill(0);
    dev.copy_to(host.as_mut_slice()).unwrap();
    assert!(host.as_slice().iter().all(|&b| b == 7));
}
