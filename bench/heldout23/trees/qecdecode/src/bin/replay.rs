//! Re-decodes a recorded `.qlog` and prints the logical error rate.
//!
//!     replay run_0612.qlog --distance 7 --rounds 7 --p 0.001
use std::path::PathBuf;

use qecdecode::decoder::{Decoder, DecoderConfig};
use qecdecode::pinned::PinnedRounds;
use qecdecode::syndrome::{QLog, SyndromeBatch};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let path = PathBuf::from(&args[1]);
    let get = |flag: &str, default: &str| -> String {
        args.iter().position(|a| a == flag).map(|i| args[i + 1].clone()).unwrap_or_else(|| default.to_string())
    };
    let cfg = DecoderConfig {
        distance: get("--distance", "7").parse()?,
        rounds: get("--rounds", "7").parse()?,
        p: get("--p", "0.001").parse()?,
        batch: 8192,
    };
    let mut decoder = Decoder::new(&cfg)?;
    let mut log = QLog::open(&path)?;
    let nobs = log.n_observables;
    let (mut shots, mut failures) = (0usize, 0usize);
    for entry in log.entries() {
        let entry = entry?;
        // detection events go through page-locked memory, as in the live service
        let mut events = PinnedRounds::new(entry.events.len())?;
        events.as_mut_slice().copy_from_slice(&entry.events);
        let batch = SyndromeBatch {
            batch_id: entry.batch_id,
            shots: entry.shots,
            n_detectors: entry.n_detectors,
            events: events.as_slice().to_vec(),
            measured_rates: None,
        };
        let flips = decoder.decode_batch(&batch)?;
        let nd = decoder.graph.n_data;
        for s in 0..entry.shots {
            let predicted = flips[s * nd..(s + 1) * nd].iter().take(cfg.distance).fold(0u8, |a, f| a ^ f);
            if predicted != entry.observed_flips[s * nobs] {
                failures += 1;
            }
        }
        shots += entry.shots;
    }
    println!("{}: {} shots, logical error rate {:.3e}", path.display(), shots, failures as f64 / shots.max(1) as f64);
    Ok(())
}
