use std::path::PathBuf;

use anyhow::Context;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct Beacon {
    pub id: String,
    pub x: f32,
    pub y: f32,
    pub floor: u32,
}

#[derive(Debug, Deserialize)]
pub struct Config {
    pub listen: String,
    pub floorplan: PathBuf,
    pub radio_map: PathBuf,
    pub kernels: PathBuf,
    pub particles: usize,
    pub motion_models: Vec<String>,
    pub ingest_slots: usize,
    pub ingest_bytes: usize,
    pub beacons: Vec<Beacon>,
}

impl Config {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        toml::from_str(&text).with_context(|| format!("parsing {path}"))
    }

    /// (x, y, floor) triplets in beacon-id order, the layout the weighting kernel expects.
    pub fn beacon_positions(&self) -> Vec<[f32; 3]> {
        let mut b: Vec<&Beacon> = self.beacons.iter().collect();
        b.sort_by(|a, c| a.id.cmp(&c.id));
        b.iter().map(|b| [b.x, b.y, b.floor as f32]).collect()
    }
}
