use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct FarmConfig {
    pub bind: String,
    pub width: usize,
    pub height: usize,
    pub tile: usize,
    pub spp: u32,
    pub slots: usize,
    pub env_map: String,
}

impl FarmConfig {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
