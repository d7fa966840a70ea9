use std::os::raw::c_void;

use crate::cuda;

pub struct Region {
    pub outline: Vec<[f32; 2]>,
    pub density: f32,
}

/// Rectilinear infill: every region is staged through its own pinned buffer.
pub fn infill_regions(regions: &[Region], spacing: f32) -> anyhow::Result<Vec<Vec<[f32; 2]>>> {
    let mut out = Vec::with_capacity(regions.len());
    for region in regions {
        let bytes = region.outline.len() * 8;
        let mut p: *mut c_void = std::ptr::null_mut();
        cuda::ok(unsafe { cuda::cudaMallocHost(&mut p, bytes.max(8)) }, "cudaMallocHost")?;
        let staged = unsafe { std::slice::from_raw_parts_mut(p as *mut [f32; 2], region.outline.len()) };
        staged.copy_from_slice(&region.outline);
        let (x0, x1) = staged.iter().fold((f32::MAX, f32::MIN), |(a, b), v| (a.min(v[0]), b.max(v[0])));
        let step = spacing / region.density.max(0.05);
        let lines: Vec<[f32; 2]> = (0..((x1 - x0) / step) as usize).map(|i| [x0 + i as f32 * step, 0.0]).collect();
        unsafe { cuda::cudaFreeHost(p) };
        out.push(lines);
    }
    Ok(out)
}
