use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub listen: String,
    pub ptx: PathBuf,
    pub creatives: PathBuf,
    pub ledger: PathBuf,
    pub models_dir: PathBuf,
    #[serde(default = "default_dim")]
    pub embedding_dim: usize,
    #[serde(default = "default_chunk")]
    pub chunk: usize,
    #[serde(default = "default_slots")]
    pub pool_slots: usize,
    #[serde(default)]
    pub replay_days: Vec<PathBuf>,
}

fn default_dim() -> usize {
    64
}
fn default_chunk() -> usize {
    512
}
fn default_slots() -> usize {
    32
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
