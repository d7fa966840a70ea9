use serde::Deserialize;

#[derive(Deserialize, Clone, Debug)]
pub struct Config {
    pub source: String,
    pub ring_slots: usize,
    pub max_batch: usize,
    pub flush_secs: u64,
    pub out_dir: String,
    pub stages: Vec<String>,
    pub downsample_factor: usize,
}

impl Config {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
