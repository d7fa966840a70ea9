use cust::error::CudaResult;
use cust::memory::LockedBuffer;

/// Page-locked upload slots for incoming ciphertexts, reused round-robin by the worker.
pub struct StagingPool {
    slots: Vec<LockedBuffer<u64>>,
    next: usize,
    overflow: Option<LockedBuffer<u64>>,
}

impl StagingPool {
    pub fn new(depth: usize, words: usize) -> CudaResult<Self> {
        let mut slots = Vec::with_capacity(depth);
        for _job in 0..depth {
            slots.push(LockedBuffer::new(&0u64, words)?);
        }
        Ok(Self { slots, next: 0, overflow: None })
    }

    /// A slot of at least `words` words. Oversized frames (fresh-key ciphertexts at the top
    /// level with extra special primes) go through one overflow buffer that only grows.
    pub fn slot(&mut self, words: usize) -> CudaResult<&mut [u64]> {
        if words <= self.slots[0].len() {
            let i = self.next;
            self.next = (i + 1) % self.slots.len();
            return Ok(&mut self.slots[i][..words]);
        }
        if self.overflow.as_ref().map_or(true, |b| b.len() < words) {
            self.overflow = Some(LockedBuffer::new(&0u64, words)?);
        }
        Ok(&mut self.overflow.as_mut().unwrap()[..words])
    }
}
