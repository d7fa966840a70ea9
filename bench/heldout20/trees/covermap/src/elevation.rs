use std::collections::HashMap;
use std::ffi::c_void;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::ffi;

/// A DEM raster (int16 metres) in page-locked memory, shared by all requests for its region.
pub struct PinnedDem {
    ptr: *mut i16,
    pub w: usize,
    pub h: usize,
}

unsafe impl Send for PinnedDem {}
unsafe impl Sync for PinnedDem {}

impl PinnedDem {
    pub fn as_ptr(&self) -> *const i16 {
        self.ptr
    }
}

impl Drop for PinnedDem {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr.cast()) };
    }
}

pub struct ElevationCache {
    root: PathBuf,
    tiles: Mutex<HashMap<(u16, u16), Arc<PinnedDem>>>,
}

impl ElevationCache {
    pub fn new(root: PathBuf) -> Self {
        Self { root, tiles: Mutex::new(HashMap::new()) }
    }

    /// `region` is one of the fixed planning regions, `res_m` one of 10, 30 or 90.
    pub fn get(&self, region: u16, res_m: u16) -> anyhow::Result<Arc<PinnedDem>> {
        anyhow::ensure!(matches!(res_m, 10 | 30 | 90), "unsupported DEM resolution {res_m}");
        let mut tiles = self.tiles.lock().unwrap();
        if let Some(dem) = tiles.get(&(region, res_m)) {
            return Ok(dem.clone());
        }
        let raw = std::fs::read(self.root.join(format!("r{region:03}_{res_m}m.dem")))?;
        anyhow::ensure!(raw.len() >= 8, "DEM file too short");
        let w = u32::from_le_bytes(raw[0..4].try_into()?) as usize;
        let h = u32::from_le_bytes(raw[4..8].try_into()?) as usize;
        let bytes = w * h * 2;
        anyhow::ensure!(raw.len() >= 8 + bytes, "DEM file truncated");
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::cuda_check(unsafe { ffi::cudaHostAlloc(&mut p, bytes, ffi::CUDA_HOST_ALLOC_DEFAULT) }, "dem")?;
        unsafe { std::ptr::copy_nonoverlapping(raw[8..].as_ptr(), p.cast::<u8>(), bytes) };
        let dem = Arc::new(PinnedDem { ptr: p.cast(), w, h });
        tiles.insert((region, res_m), dem.clone());
        Ok(dem)
    }
}
