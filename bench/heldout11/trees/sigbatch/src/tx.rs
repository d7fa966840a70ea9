#[derive(Clone, Debug)]
pub struct Tx {
    pub sig: [u8; 64],
    pub msg_hash: [u8; 32],
    pub pubkey: [u8; 32],
}

impl Tx {
    pub fn parse(buf: &[u8]) -> Option<Self> {
        if buf.len() < 128 {
            return None;
        }
        let mut t = Tx { sig: [0; 64], msg_hash: [0; 32], pubkey: [0; 32] };
        t.sig.copy_from_slice(&buf[..64]);
        t.msg_hash.copy_from_slice(&buf[64..96]);
        t.pubkey.copy_from_slice(&buf[96..128]);
        Some(t)
    }
}
