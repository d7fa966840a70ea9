use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub listen: String,
    pub max_glyphs: usize,
    pub font_table: PathBuf,
    pub outlines: PathBuf,
    pub kerning: PathBuf,
    pub page_bytes: usize,
    #[serde(default)]
    pub warm_pages: usize,
    pub spread: f32,
    pub metrics_dump: Option<String>,
    #[serde(default = "default_export_dir")]
    pub export_dir: PathBuf,
}

fn default_export_dir() -> PathBuf {
    PathBuf::from("exports")
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
