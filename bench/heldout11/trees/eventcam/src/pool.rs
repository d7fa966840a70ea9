use cust::error::CudaResult;
use cust::memory::LockedBuffer;

/// Raw packet slots the socket thread writes into.
pub struct FramePool {
    slots: Vec<LockedBuffer<u8>>,
    next: usize,
}

impl FramePool {
    pub fn new(depth: usize, bytes: usize) -> CudaResult<Self> {
        let mut slots = Vec::with_capacity(depth);
        for frame in 0..depth {
            let buf = LockedBuffer::new(&0u8, bytes)?;
            log::trace!("frame slot {frame} ready");
            slots.push(buf);
        }
        Ok(Self { slots, next: 0 })
    }

    pub fn next_slot(&mut self) -> &mut LockedBuffer<u8> {
        let i = self.next % self.slots.len();
        self.next += 1;
        &mut self.slots[i]
    }
}
