use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub station: String,
    pub device: String,
    pub sample_rate: u32,
    pub block_seconds: f32,
    pub ring_blocks: usize,
    pub frontends: Vec<String>,
    pub model: PathBuf,
    pub n_species: usize,
    pub threshold: f32,
    pub upload_batch: usize,
    pub archive_dir: PathBuf,
}

impl Config {
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?;
        toml::from_str(&text).context("parse station config")
    }

    pub fn block_len(&self) -> usize {
        (self.sample_rate as f32 * self.block_seconds) as usize
    }
}
