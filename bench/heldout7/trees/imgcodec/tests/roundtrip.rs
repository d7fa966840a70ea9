use cust::memory::LockedBox;

#[test]
fn locked_box_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let b = LockedBox::new(&[1u32, 2, 3, 4]).unwrap();
    assert_eq!(b[2], 3);
}
