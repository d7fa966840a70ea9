use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub width: usize,
    pub height: usize,
    pub listen: String,
    pub pool_depth: usize,
    pub max_events: usize,
    pub tau_us: f32,
    pub refractory_us: i64,
    pub baf_window_us: i64,
    pub record_dir: Option<String>,
    pub hot_pixels: Option<String>,
}

impl Config {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
