use std::sync::Mutex;

use crate::ffi::DriverError;
use crate::pinned::PinnedBuf;

/// Fixed set of observation slots shared by the connection threads.
pub struct ObsPool {
    free: Mutex<Vec<PinnedBuf>>,
    slot_bytes: usize,
}

impl ObsPool {
    pub fn new(slots: usize, slot_bytes: usize) -> Result<Self, DriverError> {
        let mut free = Vec::with_capacity(slots);
        for _ in 0..slots {
            free.push(PinnedBuf::new(slot_bytes)?);
        }
        Ok(ObsPool { free: Mutex::new(free), slot_bytes })
    }

    pub fn take(&self) -> Option<PinnedBuf> {
        self.free.lock().unwrap().pop()
    }

    pub fn give(&self, b: PinnedBuf) {
        self.free.lock().unwrap().push(b);
    }

    pub fn slot_bytes(&self) -> usize {
        self.slot_bytes
    }
}
