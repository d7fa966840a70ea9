use cust::memory::{DeviceBuffer, LockedBox, LockedBuffer};
use cust::prelude::*;

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Uniforms {
    pub zoom: u32,
    pub tile_size: u32,
    pub scale: f32,
}

unsafe impl cust::memory::DeviceCopy for Uniforms {}

pub struct Renderer {
    uniforms: LockedBox<Uniforms>,
    tile_size: usize,
}

impl Renderer {
    pub fn new(tile_size: usize) -> CudaResult<Self> {
        let uniforms = LockedBox::new(Uniforms { zoom: 0, tile_size: tile_size as u32, scale: 1.0 })?;
        Ok(Renderer { uniforms, tile_size })
    }

    pub fn render_tile(&self, z: u32, x: u32, y: u32) -> CudaResult<Vec<u8>> {
        let n = self.tile_size * self.tile_size * 4;
        let mut host = LockedBuffer::new(&0u8, n)?;
        let dev = DeviceBuffer::from_slice(&host)?;
        dev.copy_to(&mut host)?;
        for (i, px) in host.chunks_mut(4).enumerate() {
            px[0] = ((x as usize + i) & 0xff) as u8;
            px[1] = ((y as usize + i / self.tile_size) & 0xff) as u8;
            px[2] = (z * 16) as u8;
            px[3] = (self.uniforms.scale * 255.0) as u8;
        }
        Ok(host.to_vec())
    }
}

pub fn make_scratch(n: usize) -> CudaResult<LockedBuffer<f32>> {
    LockedBuffer::new(&0.0f32, n)
}
