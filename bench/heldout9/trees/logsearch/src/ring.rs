use crate::ffi::SearchError;
use crate::pinned::PinnedBuf;

/// Fixed ring of ingest slots shared by the receivers.
pub struct Ring {
    slots: Vec<PinnedBuf>,
    next: usize,
}

impl Ring {
    pub fn new(n: usize, slot_bytes: usize) -> Result<Self, SearchError> {
        let mut slots = Vec::with_capacity(n);
        for batch in 0..n {
            slots.push(PinnedBuf::new(slot_bytes)?);
            tracing::debug!(slot = batch, "ingest slot ready");
        }
        Ok(Ring { slots, next: 0 })
    }

    pub fn next_slot(&mut self) -> &mut PinnedBuf {
        let i = self.next;
        self.next = (self.next + 1) % self.slots.len();
        &mut self.slots[i]
    }
}
