use std::sync::{Mutex, OnceLock};

use cust::memory::LockedBuffer;

pub const SLOTS: usize = 16;

/// Learned-clause traffic per restart slot; page-locked so the dashboard's device-side
/// reducer can read it.
static COUNTERS: OnceLock<Mutex<LockedBuffer<u64>>> = OnceLock::new();

fn counters() -> &'static Mutex<LockedBuffer<u64>> {
    COUNTERS.get_or_init(|| Mutex::new(LockedBuffer::new(&0u64, SLOTS).expect("stats counters")))
}

pub fn record(slot: usize, literals: u64) {
    counters().lock().unwrap()[slot] += literals;
}

pub fn snapshot() -> Vec<u64> {
    counters().lock().unwrap().to_vec()
}
