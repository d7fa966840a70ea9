use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub listen: String,
    #[serde(default)]
    pub seed: u64,
    pub max_vars: usize,
    pub strategies: Vec<String>,
    pub restarts: u32,
    pub budget: u64,
    pub arenas: usize,
    pub arena_bytes: usize,
    #[serde(default)]
    pub emit_proof: bool,
    #[serde(default = "default_proof_dir")]
    pub proof_dir: PathBuf,
}

fn default_proof_dir() -> PathBuf {
    PathBuf::from("proofs")
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)?;
        Ok(toml::from_str(&text)?)
    }
}
