use cust::memory::LockedBuffer;

use zkmsm::field::Fr;
use zkmsm::ntt::Ntt;

#[test]
fn coset_shift_by_one_is_identity_up_to_twiddles() {
    let _ctx = cust::quick_init().unwrap();
    let coeffs = LockedBuffer::from_slice(&[Fr::ONE; 8]).unwrap();
    let ntt = Ntt::new(3);
    let out = ntt.coset_shift(&coeffs, Fr::ONE).unwrap();
    assert_eq!(out.len(), 8);
}
