use std::path::Path;

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct ScannerConfig {
    pub rings: usize,
    pub crystals_per_ring: usize,
    pub ring_radius_mm: f32,
    pub axial_pitch_mm: f32,
    pub tof_fwhm_ps: f32,
}

impl ScannerConfig {
    pub fn n_crystals(&self) -> usize {
        self.rings * self.crystals_per_ring
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct ImageConfig {
    pub nx: usize,
    pub ny: usize,
    pub nz: usize,
    pub voxel_mm: f32,
}

impl ImageConfig {
    pub fn n_vox(&self) -> usize {
        self.nx * self.ny * self.nz
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct ReconConfig {
    pub iterations: usize,
    pub subsets: usize,
    pub event_pool_depth: usize,
    pub delayed_frames: usize,
    pub normalization: String,
    pub attenuation: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub scanner: ScannerConfig,
    pub image: ImageConfig,
    pub recon: ReconConfig,
}

impl Config {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
