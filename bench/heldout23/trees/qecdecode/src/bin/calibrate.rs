//! Runs the decoder jobs of a calibration file against simulated shots.
//!
//!     calibrate config/calibrate.toml
use std::path::{Path, PathBuf};

use serde::Deserialize;

use qecdecode::decoder::{Decoder, DecoderConfig};
use qecdecode::export::export_dem;
use qecdecode::syndrome::SyndromeBatch;
use qecdecode::weights::load_weight_overrides;

#[derive(Deserialize)]
struct CalibFile {
    out: PathBuf,
    #[serde(rename = "job")]
    jobs: Vec<Job>,
}

#[derive(Deserialize)]
struct Job {
    name: String,
    shots: usize,
    #[serde(default)]
    weights: Option<PathBuf>,
    #[serde(flatten)]
    decoder: DecoderConfig,
}

/// xorshift noise: each detector fires independently with probability p (plus its pair).
fn simulate(batch_id: u64, shots: usize, n_det: usize, p: f64, state: &mut u64) -> SyndromeBatch {
    let mut events = vec![0u8; shots * n_det];
    for e in events.iter_mut() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *e = u8::from(((*state >> 11) as f64 / (1u64 << 53) as f64) < 2.0 * p);
    }
    SyndromeBatch { batch_id, shots, n_detectors: n_det, events, measured_rates: None }
}

fn run_job(job: &Job, out: &Path) -> Result<f64, Box<dyn std::error::Error>> {
    let mut decoder = Decoder::new(&job.decoder)?;
    if let Some(w) = &job.weights {
        let g = &decoder.graph;
        let _overrides = load_weight_overrides(w, g.n_data + g.n_detectors)?;
    }
    let mut dem = Vec::new();
    export_dem(&decoder.graph, &mut dem, &out.join(format!("{}.dem", job.name)))?;
    let n_det = decoder.graph.n_detectors;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut fails = 0usize;
    let mut done = 0usize;
    let mut batch_id = 0u64;
    while done < job.shots {
        let n = job.decoder.batch.min(job.shots - done);
        let batch = simulate(batch_id, n, n_det, job.decoder.p, &mut state);
        let flips = decoder.decode_batch(&batch)?;
        let nd = decoder.graph.n_data;
        fails += (0..n).filter(|s| flips[s * nd..s * nd + job.decoder.distance].iter().fold(0u8, |a, f| a ^ f) == 1).count();
        done += n;
        batch_id += 1;
    }
    Ok(fails as f64 / job.shots as f64)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "config/calibrate.toml".into());
    let file: CalibFile = toml::from_str(&std::fs::read_to_string(&path)?)?;
    std::fs::create_dir_all(&file.out)?;
    for job in &file.jobs {
        let ler = run_job(job, &file.out)?;
        println!("{:<20} d={} p={} logical error rate {:.3e}", job.name, job.decoder.distance, job.decoder.p, ler);
    }
    Ok(())
}
