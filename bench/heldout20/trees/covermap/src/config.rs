use std::path::PathBuf;

use serde::Deserialize;

use crate::ffi::cm_site;

#[derive(Debug, Clone, Deserialize)]
pub struct SiteConfig {
    pub name: String,
    pub lat: f64,
    pub lon: f64,
    pub height_m: f32,
    pub power_dbm: f32,
    pub azimuth_deg: f32,
    pub tilt_deg: f32,
    pub freq_mhz: f32,
    pub sectors: i32,
}

impl SiteConfig {
    pub fn to_ffi(&self) -> cm_site {
        cm_site {
            lat: self.lat,
            lon: self.lon,
            height_m: self.height_m,
            power_dbm: self.power_dbm,
            azimuth_deg: self.azimuth_deg,
            tilt_deg: self.tilt_deg,
            freq_mhz: self.freq_mhz,
            sectors: self.sectors,
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct Config {
    pub listen: String,
    pub raster_w: i32,
    pub raster_h: i32,
    pub max_sites: i32,
    pub clutter: PathBuf,
    pub antenna_db: PathBuf,
    pub antenna_pattern: PathBuf,
    pub dem_root: PathBuf,
    pub preview_slots: usize,
    pub sites: Vec<SiteConfig>,
}

impl Config {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
