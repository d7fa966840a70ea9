use std::sync::{Mutex, OnceLock};

use cust::memory::LockedBox;

pub const BLOCKS: usize = 0;
pub const DETECTIONS: usize = 1;
pub const UPLOADS: usize = 2;

static COUNTERS: OnceLock<Mutex<LockedBox<[u64; 8]>>> = OnceLock::new();

/// Counters read by the on-board watchdog through a mapped view.
pub fn counters() -> &'static Mutex<LockedBox<[u64; 8]>> {
    COUNTERS.get_or_init(|| Mutex::new(LockedBox::new(&[0u64; 8]).expect("health counters")))
}

pub fn bump(slot: usize, by: u64) {
    let mut c = counters().lock().unwrap();
    c[slot] += by;
}
