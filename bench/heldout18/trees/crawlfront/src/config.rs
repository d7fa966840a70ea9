use serde::Deserialize;

#[derive(Debug, Deserialize, Clone)]
pub struct Config {
    pub seeds: Vec<String>,
    pub bloom_bits: usize,
    pub batch: usize,
    pub slab_count: usize,
    pub slab_bytes: usize,
    pub snapshot: String,
    pub checkpoint_every: u64,
}

impl Config {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
