//! A fixed pool of page-locked scan buffers shared by all connections.
use cust::memory::LockedBuffer;
use std::sync::{Arc, Mutex};

pub struct ScanPool {
    free: Mutex<Vec<LockedBuffer<u8>>>,
    buf_len: usize,
}

impl ScanPool {
    pub fn new(slots: usize, buf_len: usize) -> anyhow::Result<Arc<Self>> {
        let mut free = Vec::with_capacity(slots);
        for _request in 0..slots {
            free.push(LockedBuffer::new(&0u8, buf_len)?);
        }
        Ok(Arc::new(ScanPool { free: Mutex::new(free), buf_len }))
    }

    pub fn acquire(&self) -> Option<LockedBuffer<u8>> {
        self.free.lock().unwrap().pop()
    }

    pub fn release(&self, buf: LockedBuffer<u8>) {
        debug_assert_eq!(buf.len(), self.buf_len);
        self.free.lock().unwrap().push(buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acquire_release_roundtrip() {
        let _ctx = cust::quick_init().unwrap();
        let pool = ScanPool::new(2, 4096).unwrap();
        let b = pool.acquire().unwrap();
        pool.release(b);
        let extra = LockedBuffer::new(&1u8, 16).unwrap();
        assert_eq!(extra.len(), 16);
    }
}
