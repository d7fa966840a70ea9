use std::sync::Arc;

use cudarc::driver::CudaContext;

use crate::ffi::HostSamples;

pub trait Node: Send {
    fn process(&mut self, block: &mut [f32]) -> anyhow::Result<()>;
}

pub struct Equalizer {
    coeffs: HostSamples,
    state: Vec<f32>,
}

impl Equalizer {
    pub fn new(bands: &[(f32, f32)], sample_rate: f32) -> anyhow::Result<Self> {
        let mut coeffs = HostSamples::alloc(bands.len() * 5)?;
        for (i, (f, g)) in bands.iter().enumerate() {
            let w = 2.0 * std::f32::consts::PI * f / sample_rate;
            let a = 10f32.powf(g / 40.0);
            let c = &mut coeffs.as_mut()[i * 5..i * 5 + 5];
            c.copy_from_slice(&[a, -2.0 * w.cos(), 1.0 / a, 0.0, 0.0]);
        }
        Ok(Equalizer { coeffs, state: vec![0.0; bands.len() * 2] })
    }
}

impl Node for Equalizer {
    fn process(&mut self, block: &mut [f32]) -> anyhow::Result<()> {
        let c = self.coeffs.as_mut();
        for x in block.iter_mut() {
            for (b, s) in c.chunks(5).zip(self.state.chunks_mut(2)) {
                let y = b[0] * *x + s[0];
                s[0] = b[1] * *x + s[1];
                s[1] = b[2] * *x;
                *x = y;
            }
        }
        Ok(())
    }
}

pub struct Convolver {
    ctx: Arc<CudaContext>,
    ir: Vec<f32>,
    tail: Vec<f32>,
}

impl Convolver {
    pub fn new(ctx: Arc<CudaContext>, ir: Vec<f32>) -> Self {
        let tail = vec![0.0; ir.len()];
        Convolver { ctx, ir, tail }
    }

    fn make_scratch(&self, n: usize) -> anyhow::Result<HostSamples> {
        HostSamples::alloc(n + self.ir.len())
    }
}

impl Node for Convolver {
    fn process(&mut self, block: &mut [f32]) -> anyhow::Result<()> {
        let mut scratch = self.make_scratch(block.len())?;
        let s = scratch.as_mut();
        s[..block.len()].copy_from_slice(block);
        let stream = self.ctx.default_stream();
        let dev = stream.memcpy_stod(&s[..])?;
        let back: Vec<f32> = stream.memcpy_dtov(&dev)?;
        for (i, x) in block.iter_mut().enumerate() {
            *x = back[i] + self.tail[i % self.tail.len().max(1)];
        }
        Ok(())
    }
}
