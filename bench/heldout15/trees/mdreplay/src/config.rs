use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub days: Vec<PathBuf>,
    pub stages: Vec<String>,
    pub symbols: usize,
    pub depth: usize,
    pub chunk: usize,
    pub control_addr: String,
    pub snapshot_dir: PathBuf,
}

impl Config {
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))?;
        toml::from_str(&text).context("parse replay config")
    }
}
