use std::sync::{Condvar, Mutex};

use crate::ffi::CudaError;
use crate::pinned::PinnedBuf;

/// Fixed set of pinned slots for small transfers.
pub struct BufferPool {
    free: Mutex<Vec<PinnedBuf>>,
    ready: Condvar,
    slot_bytes: usize,
}

pub struct Lease<'a> {
    pool: &'a BufferPool,
    buf: Option<PinnedBuf>,
}

impl BufferPool {
    pub fn new(slots: usize, slot_bytes: usize) -> Result<Self, CudaError> {
        let mut free = Vec::with_capacity(slots);
        for _ in 0..slots {
            free.push(PinnedBuf::new(slot_bytes)?);
        }
        Ok(Self { free: Mutex::new(free), ready: Condvar::new(), slot_bytes })
    }

    pub fn slot_bytes(&self) -> usize {
        self.slot_bytes
    }

    pub fn acquire(&self) -> Lease<'_> {
        let mut free = self.free.lock().unwrap();
        while free.is_empty() {
            free = self.ready.wait(free).unwrap();
        }
        let buf = free.pop();
        Lease { pool: self, buf }
    }
}

impl Lease<'_> {
    pub fn buf(&mut self) -> &mut PinnedBuf {
        self.buf.as_mut().expect("lease already returned")
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(b) = self.buf.take() {
            self.pool.free.lock().unwrap().push(b);
            self.pool.ready.notify_one();
        }
    }
}
