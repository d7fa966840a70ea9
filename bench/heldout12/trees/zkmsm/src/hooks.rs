use cust::memory::LockedBuffer;

/// What the prover reports after every proof.
pub struct ProofStats {
    pub proof_index: usize,
    pub millis: u128,
    pub bucket_fill: Vec<u32>,
}

pub type Hook = Box<dyn Fn(&ProofStats)>;

/// Histogram of how many buckets each window filled, for tuning `window_bits`.
pub fn bucket_histogram(window_bits: u32) -> Hook {
    let bins = 1usize << window_bits.min(16);
    Box::new(move |stats: &ProofStats| {
        let mut hist = LockedBuffer::new(&0u32, bins).expect("pinned histogram");
        for &fill in &stats.bucket_fill {
            hist[(fill as usize).min(bins - 1)] += 1;
        }
        let busiest = hist.iter().enumerate().max_by_key(|(_, c)| **c).map(|(i, _)| i).unwrap_or(0);
        log::debug!("proof {}: busiest fill bin {busiest}", stats.proof_index);
    })
}

pub fn timing() -> Hook {
    Box::new(|stats: &ProofStats| log::info!("proof {} took {} ms", stats.proof_index, stats.millis))
}
