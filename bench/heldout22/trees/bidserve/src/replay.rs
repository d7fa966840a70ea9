//! Offline replay of a logged day of bid requests (for model A/B evaluation).
use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{check, cuMemAllocHost_v2, cuMemFreeHost};
use crate::scorer::{BidRequest, Scorer};

#[derive(Debug, Default)]
pub struct ReplayStats {
    pub requests: usize,
    pub candidates: usize,
    pub mean_score: f64,
}

pub fn replay_day(scorer: &Scorer, log: &Path) -> anyhow::Result<ReplayStats> {
    let bytes = std::fs::metadata(log)?.len() as usize;
    let mut p: *mut c_void = std::ptr::null_mut();
    check(unsafe { cuMemAllocHost_v2(&mut p, bytes) }, "cuMemAllocHost(replay log)")?;
    let buf = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, bytes) };
    File::open(log)?.read_exact(buf)?;
    let mut stats = ReplayStats::default();
    let mut total = 0.0f64;
    for line in buf.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let req: BidRequest = serde_json::from_slice(line)?;
        let scores = scorer.score(&req)?;
        stats.requests += 1;
        stats.candidates += scores.len();
        total += scores.iter().map(|&s| s as f64).sum::<f64>();
    }
    stats.mean_score = total / stats.candidates.max(1) as f64;
    unsafe {
        cuMemFreeHost(p);
    }
    Ok(stats)
}
