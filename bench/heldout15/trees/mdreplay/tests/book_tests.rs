use cust::memory::{CopyDestination, DeviceBox, LockedBox};

#[test]
#[ignore = "needs a CUDA device"]
fn locked_box_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let host = LockedBox::new(&0xdead_beef_u64).unwrap();
    let dev = DeviceBox::new(&*host).unwrap();
    let mut back = 0u64;
    dev.copy_to(&mut back).unwrap();
    assert_eq!(back, 0xdead_beef);
}

#[test]
fn pack_layout_is_stable() {
    let price: u64 = 10_050;
    let packed = (price & 0x7f_ffff) << 24;
    assert_eq!(packed >> 24, 10_050);
}
