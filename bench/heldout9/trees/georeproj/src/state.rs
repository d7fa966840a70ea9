use std::path::Path;

use cust::memory::{DeviceBuffer, LockedBuffer};

use crate::cache::ProjCache;
use crate::ffi::GeoError;
use crate::legacy::load_geoid;
use crate::register::{pin_cog, SourceInfo};
use crate::worker::WorkerPool;

pub struct AppState {
    pub lut: LockedBuffer<f32>,
    pub proj_cache: ProjCache,
    pub pool: WorkerPool,
    pub geoid: Vec<f32>,
    pub base: (SourceInfo, DeviceBuffer<u8>),
}

impl AppState {
    pub fn new(data_dir: &str) -> Result<Self, GeoError> {
        let dir = Path::new(data_dir);
        let lut = LockedBuffer::new(&0.0f32, 65536)?;
        let geoid = load_geoid(&dir.join("egm96_15.bin"))?;
        let pool = WorkerPool::new(4, 16 << 20)?;
        let mut cog = std::fs::read(dir.join("base.grx"))?;
        let base = pin_cog(&mut cog)?;
        Ok(AppState { lut, proj_cache: ProjCache::default(), pool, geoid, base })
    }
}
