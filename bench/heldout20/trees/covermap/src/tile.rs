use std::ffi::c_void;

use crate::ffi;

pub const TILE: usize = 256;

/// A page-locked tile of RSRP values, the destination of `cm_extract_tile`.
pub struct HostTile {
    ptr: *mut f32,
    w: usize,
    h: usize,
}

unsafe impl Send for HostTile {}

impl HostTile {
    pub fn new(w: usize, h: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let bytes = w * h * std::mem::size_of::<f32>();
        ffi::cuda_check(unsafe { ffi::cudaHostAlloc(&mut p, bytes, ffi::CUDA_HOST_ALLOC_DEFAULT) }, "tile")?;
        unsafe { std::ptr::write_bytes(p.cast::<u8>(), 0, bytes) };
        Ok(Self { ptr: p.cast(), w, h })
    }

    pub fn as_mut_ptr(&mut self) -> *mut f32 {
        self.ptr
    }

    pub fn values(&self) -> &[f32] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.w * self.h) }
    }

    pub fn width(&self) -> usize {
        self.w
    }
}

impl Drop for HostTile {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr.cast()) };
    }
}

/// RSRP (dBm) to an 8-bit RGBA ramp: red below -115, green above -80.
pub fn encode_png(tile: &HostTile) -> anyhow::Result<Vec<u8>> {
    let mut rgba = Vec::with_capacity(tile.values().len() * 4);
    for &v in tile.values() {
        let t = ((v + 115.0) / 35.0).clamp(0.0, 1.0);
        let alpha = if v <= -140.0 { 0 } else { 180 };
        rgba.extend_from_slice(&[(255.0 * (1.0 - t)) as u8, (255.0 * t) as u8, 40, alpha]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, tile.w as u32, tile.h as u32);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()?.write_image_data(&rgba)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_tile_is_zeroed_and_encodes() {
        let t = HostTile::new(16, 16).unwrap();
        assert!(t.values().iter().all(|&v| v == 0.0));
        assert!(!encode_png(&t).unwrap().is_empty());
    }
}
