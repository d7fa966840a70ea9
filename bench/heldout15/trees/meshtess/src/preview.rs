use std::ffi::c_void;
use std::io::Write;
use std::path::Path;

use anyhow::{ensure, Result};

use crate::ffi::{cuMemAllocHost_v2, cuMemFreeHost};
use crate::tessellate::Mesh;

fn rasterize(mesh: &Mesh, size: usize, img: &mut [u8]) {
    img.fill(32);
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for v in mesh.verts.chunks_exact(3) {
        for k in 0..2 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    let scale = (size - 1) as f32 / (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-6);
    for v in mesh.verts.chunks_exact(3) {
        let x = ((v[0] - lo[0]) * scale) as usize;
        let y = ((v[1] - lo[1]) * scale) as usize;
        let px = (y.min(size - 1) * size + x.min(size - 1)) * 3;
        img[px..px + 3].copy_from_slice(&[220, 220, 220]);
    }
}

fn write_ppm(path: &Path, size: usize, img: &[u8]) -> Result<()> {
    let mut f = std::fs::File::create(path)?;
    write!(f, "P6\n{size} {size}\n255\n")?;
    f.write_all(img)?;
    Ok(())
}

/// Orthographic point preview of a finished mesh (staged in page-locked memory so the
/// thumbnail service can DMA it straight to its encoder).
pub fn render_preview(mesh: &Mesh, size: usize, path: &Path) -> Result<()> {
    let bytes = size * size * 3;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cuMemAllocHost_v2(&mut p, bytes) };
    ensure!(rc == 0, "cuMemAllocHost_v2 failed: {rc}");
    let img = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, bytes) };
    rasterize(mesh, size, img);
    let written = write_ppm(path, size, img);
    unsafe { cuMemFreeHost(p) };
    written
}
