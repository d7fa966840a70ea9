use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::prelude::*;

use crate::tiles::Tile;

#[derive(Clone, Copy, Default, cust::DeviceCopy)]
#[repr(C)]
pub struct Ray {
    pub o: [f32; 3],
    pub d: [f32; 3],
}

pub struct Renderer {
    accum: LockedBuffer<f32>,
    width: usize,
    module: Module,
    stream: Stream,
}

impl Renderer {
    pub fn new(width: usize, height: usize, ptx: &str) -> anyhow::Result<Self> {
        let accum = LockedBuffer::new(&0f32, width * height * 4)?;
        let module = Module::from_ptx(ptx, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        Ok(Self { accum, width, module, stream })
    }

    /// Traces one tile; the per-tile primary rays are generated on the host.
    pub fn render_tile(&mut self, tile: &Tile, spp: u32) -> anyhow::Result<()> {
        let n = tile.w * tile.h;
        let mut rays = LockedBuffer::new(&Ray::default(), n)?;
        for (i, r) in rays.iter_mut().enumerate() {
            r.o = [0.0, 0.0, -5.0];
            r.d = [(tile.x + i % tile.w) as f32, (tile.y + i / tile.w) as f32, 1.0];
        }
        let d_rays = DeviceBuffer::from_slice(&rays)?;
        self.render_passes(&d_rays, n, spp)?;
        for i in 0..n {
            let px = (tile.y + i / tile.w) * self.width + tile.x + i % tile.w;
            self.accum[px * 4 + 3] += 1.0;
        }
        Ok(())
    }

    fn render_passes(&mut self, d_rays: &DeviceBuffer<Ray>, n: usize, spp: u32) -> anyhow::Result<()> {
        let f = self.module.get_function("trace")?;
        let stream = &self.stream;
        for pass in 0..spp {
            let mut seeds = LockedBuffer::new(&0u32, n)?;
            for (i, s) in seeds.iter_mut().enumerate() {
                *s = (pass as u32).wrapping_mul(2654435761) ^ i as u32;
            }
            let d_seeds = DeviceBuffer::from_slice(&seeds)?;
            unsafe {
                launch!(f<<<((n as u32 + 127) / 128, 1, 1), (128, 1, 1), 0, stream>>>(
                    d_rays.as_device_ptr(), d_seeds.as_device_ptr(), n as u32))?;
            }
        }
        stream.synchronize()?;
        Ok(())
    }

    pub fn frame(&self) -> &[f32] {
        &self.accum
    }
}
