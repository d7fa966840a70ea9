use serde::Deserialize;

use crate::ffi::GeoError;
use crate::pinned::HostBlock;

#[derive(Clone, Deserialize)]
pub struct Gcp {
    pub px: f64,
    pub py: f64,
    pub lon: f64,
    pub lat: f64,
}

/// Dense (x, y) source-pixel grid for a warp, from a first-order fit to the GCPs.
pub fn build_warp_grid(width: usize, height: usize, gcps: &[Gcp]) -> Result<HostBlock, GeoError> {
    if gcps.len() < 3 {
        return Err(GeoError::BadHeader);
    }
    let (sx, sy) = fit_scale(gcps);
    let mut grid = HostBlock::alloc(width * height * 2 * std::mem::size_of::<f32>())?;
    let cells: &mut [f32] = bytemuck::cast_slice_mut(grid.as_mut_slice());
    for y in 0..height {
        for x in 0..width {
            cells[2 * (y * width + x)] = (x as f64 * sx) as f32;
            cells[2 * (y * width + x) + 1] = (y as f64 * sy) as f32;
        }
    }
    Ok(grid)
}

fn fit_scale(gcps: &[Gcp]) -> (f64, f64) {
    let (a, b) = (&gcps[0], &gcps[gcps.len() - 1]);
    ((b.px - a.px) / (b.lon - a.lon).max(1e-9), (b.py - a.py) / (b.lat - a.lat).max(1e-9))
}
