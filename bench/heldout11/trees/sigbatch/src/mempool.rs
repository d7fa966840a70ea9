use crate::pinned::PinnedVec;
use crate::tx::Tx;

/// Accepted transactions waiting for block assembly, stored in pinned slots.
pub struct Mempool {
    slots: Vec<PinnedVec<u8>>,
    used: usize,
}

impl Mempool {
    pub fn new(cap: usize) -> anyhow::Result<Self> {
        let mut slots = Vec::with_capacity(cap);
        for slot in 0..cap {
            let v = PinnedVec::with_capacity(128)?;
            log::trace!("mempool slot {slot}");
            slots.push(v);
        }
        Ok(Self { slots, used: 0 })
    }

    pub fn insert(&mut self, tx: &Tx) -> bool {
        if self.used == self.slots.len() {
            return false;
        }
        let s = &mut self.slots[self.used];
        s.clear();
        s.extend_from_slice(&tx.sig);
        s.extend_from_slice(&tx.msg_hash);
        s.extend_from_slice(&tx.pubkey);
        self.used += 1;
        true
    }

    pub fn drain(&mut self) -> Vec<Tx> {
        let out = self.slots[..self.used].iter().filter_map(|s| Tx::parse(s)).collect();
        self.used = 0;
        out
    }
}
