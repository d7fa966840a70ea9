use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Deserialize)]
pub struct Erosion {
    pub inertia: f32,
    pub capacity: f32,
    pub deposition: f32,
    pub erosion: f32,
    pub evaporation: f32,
    pub gravity: f32,
    pub max_lifetime: i32,
    pub brush_radius: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorldJob {
    pub name: String,
    pub size: usize,
    pub seed: u64,
    pub iterations: usize,
    pub droplets_per_iteration: usize,
    pub strips: usize,
    pub river_sources: usize,
    #[serde(default = "default_every")]
    pub stats_every: usize,
    #[serde(default)]
    pub base_heightmap: Option<PathBuf>,
    pub out: PathBuf,
    pub erosion: Erosion,
}

fn default_every() -> usize {
    50
}

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub listen: String,
    pub tile_size: usize,
    #[serde(rename = "world")]
    pub jobs: Vec<WorldJob>,
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
