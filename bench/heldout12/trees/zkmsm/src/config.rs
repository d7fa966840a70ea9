use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct MsmConfig {
    pub window_bits: u32,
    pub threads_per_block: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub srs_path: PathBuf,
    pub domain_size: usize,
    pub pool_size: usize,
    pub coset_generator: u64,
    pub msm: MsmConfig,
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
