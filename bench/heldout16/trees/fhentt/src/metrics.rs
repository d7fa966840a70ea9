use std::sync::{Mutex, OnceLock};

use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

/// Per-op device counters (launches, limbs touched, key-switch digits), downloaded into one
/// page-locked block when /metrics is scraped.
static COUNTERS: OnceLock<Mutex<LockedBuffer<u64>>> = OnceLock::new();

fn counters() -> &'static Mutex<LockedBuffer<u64>> {
    COUNTERS.get_or_init(|| Mutex::new(LockedBuffer::new(&0u64, 64).expect("pinned counters")))
}

pub fn snapshot(device: &DeviceBuffer<u64>) -> Vec<u64> {
    let mut host = counters().lock().unwrap();
    device.copy_to(&mut host[..device.len()]).expect("counter download");
    host[..device.len()].to_vec()
}
