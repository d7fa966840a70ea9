use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct CompactionConfig {
    pub bucket_ns: i64,
    pub max_buckets: usize,
    pub quantiles: Vec<f64>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub data_dir: PathBuf,
    pub listen: String,
    pub ring_slots: usize,
    pub points_per_slot: usize,
    pub compaction: CompactionConfig,
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
