use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub spool_in: PathBuf,
    pub spool_out: PathBuf,
    pub prefetch: usize,
    pub max_job_bytes: usize,
    pub preview_size: usize,
    pub manifest: PathBuf,
}

impl Config {
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?;
        toml::from_str(&text).context("parse worker config")
    }
}
