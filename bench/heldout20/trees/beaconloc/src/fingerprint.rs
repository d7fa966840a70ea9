use std::path::Path;
use std::sync::OnceLock;

use cust::memory::LockedBuffer;

/// Expected RSSI per (grid cell, beacon), surveyed offline. Read by every weighting pass.
static RADIO_MAP: OnceLock<LockedBuffer<f32>> = OnceLock::new();

pub const CELL_M: f32 = 0.5;

fn read_map(path: &Path) -> anyhow::Result<Vec<f32>> {
    let bytes = std::fs::read(path)?;
    anyhow::ensure!(bytes.len() % 4 == 0, "{}: not a float32 map", path.display());
    Ok(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

pub fn radio_map(path: &Path) -> &'static LockedBuffer<f32> {
    RADIO_MAP.get_or_init(|| {
        let values = read_map(path).expect("radio map");
        LockedBuffer::from_slice(&values).expect("page-locking the radio map")
    })
}

pub fn expected_rssi(map: &[f32], n_beacons: usize, x: f32, y: f32, width_cells: usize, beacon: usize) -> f32 {
    let cx = (x / CELL_M).max(0.0) as usize;
    let cy = (y / CELL_M).max(0.0) as usize;
    map.get((cy * width_cells + cx) * n_beacons + beacon).copied().unwrap_or(-100.0)
}
