use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub fs_hz: f64,
    pub chunk_len: usize,
    pub max_samples: usize,
    pub doppler_bins: usize,
    pub history_len: usize,
    pub reacquire_every: u64,
    pub raim_threshold: f64,
    pub almanac: PathBuf,
    pub l5_code_table: Option<PathBuf>,
    #[serde(default = "default_ring")]
    pub recorder_ring_bytes: usize,
}

fn default_ring() -> usize {
    64 << 20
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
