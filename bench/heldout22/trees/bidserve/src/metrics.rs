//! Latency histogram shared with the GPU-side timer kernel (64 log2 buckets, microseconds).
use cust::memory::LockedBuffer;
use std::sync::{Mutex, OnceLock};

static LATENCY: OnceLock<Mutex<LockedBuffer<u64>>> = OnceLock::new();

fn histogram() -> &'static Mutex<LockedBuffer<u64>> {
    LATENCY.get_or_init(|| Mutex::new(LockedBuffer::new(&0u64, 64).expect("pinned latency histogram")))
}

pub fn observe(micros: u64) {
    let bucket = (64 - micros.max(1).leading_zeros() as usize).min(63);
    histogram().lock().unwrap().as_mut_slice()[bucket] += 1;
}

pub fn render() -> String {
    let h = histogram().lock().unwrap();
    let mut out = String::from("# TYPE bid_latency_us histogram\n");
    let mut acc = 0u64;
    for (b, n) in h.as_slice().iter().enumerate() {
        acc += n;
        out.push_str(&format!("bid_latency_us_bucket{{le=\"{}\"}} {}\n", 1u64 << b.min(62), acc));
    }
    out
}
