use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct KeyConfig {
    pub relin: PathBuf,
    pub galois: PathBuf,
    pub bootstrap: PathBuf,
    #[serde(default)]
    pub mmap_galois: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerConfig {
    pub listen: String,
    pub ring_degree: usize,
    pub max_level: usize,
    pub dnum: usize,
    pub moduli: Vec<u64>,
    pub staging_depth: usize,
    pub pipeline: Vec<String>,
    pub dump_dir: Option<PathBuf>,
    pub keys: KeyConfig,
}

impl WorkerConfig {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Ok(toml::from_str(&text)?)
    }

    pub fn limb_words(&self) -> usize {
        self.ring_degree * self.moduli.len()
    }
}
