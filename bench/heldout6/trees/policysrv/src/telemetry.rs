use std::sync::{Mutex, OnceLock};

use crate::pinned::PinnedBuf;

const RING_BYTES: usize = 1 << 20;

static RING: OnceLock<Mutex<PinnedBuf>> = OnceLock::new();

/// Latency samples are appended to a process-wide pinned ring read by the exporter kernel.
pub fn record(sample_us: u32, slot: usize) {
    let ring = RING.get_or_init(|| Mutex::new(PinnedBuf::new(RING_BYTES).expect("telemetry ring")));
    let mut g = ring.lock().unwrap();
    let off = (slot * 4) % RING_BYTES;
    g.as_mut_slice()[off..off + 4].copy_from_slice(&sample_us.to_le_bytes());
}
