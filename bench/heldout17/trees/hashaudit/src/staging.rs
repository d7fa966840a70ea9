use cust::memory::LockedBuffer;

/// Fixed ring of page-locked candidate slots, filled once at start-up.
pub struct StagingPool {
    slots: Vec<LockedBuffer<u8>>,
    next: usize,
}

impl StagingPool {
    pub fn new(n_slots: usize, cap: usize) -> cust::error::CudaResult<Self> {
        let slots = (0..n_slots)
            .map(|_batch| LockedBuffer::new(&0u8, cap))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { slots, next: 0 })
    }

    pub fn acquire(&mut self) -> &mut LockedBuffer<u8> {
        let i = self.next;
        self.next = (self.next + 1) % self.slots.len();
        &mut self.slots[i]
    }
}
