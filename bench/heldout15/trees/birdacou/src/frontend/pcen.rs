use anyhow::Result;
use cust::memory::LockedBox;

use super::mel::N_MELS;
use super::Frontend;
use crate::capture::Block;

/// Per-channel energy normalisation; the smoother state survives across blocks.
pub struct PcenFrontend {
    state: LockedBox<[f32; N_MELS]>,
    alpha: f32,
    delta: f32,
    r: f32,
    s: f32,
    band: usize,
}

impl PcenFrontend {
    pub fn new(sample_rate: u32) -> Result<Self> {
        Ok(Self {
            state: LockedBox::new(&[1e-3f32; N_MELS])?,
            alpha: 0.98,
            delta: 2.0,
            r: 0.5,
            s: 0.025,
            band: (sample_rate as usize / 2) / N_MELS,
        })
    }
}

impl Frontend for PcenFrontend {
    fn name(&self) -> &'static str {
        "pcen"
    }

    fn process(&mut self, block: &Block) -> Result<Vec<f32>> {
        let seg = (block.samples.len() / N_MELS).max(1);
        let mut out = Vec::with_capacity(N_MELS);
        let state = &mut *self.state;
        for m in 0..N_MELS {
            let e: f32 = block.samples[m * seg..((m + 1) * seg).min(block.samples.len())]
                .iter()
                .map(|x| (f32::from(*x) / 32768.0).powi(2))
                .sum::<f32>()
                / seg as f32;
            state[m] = (1.0 - self.s) * state[m] + self.s * e;
            let g = e / (1e-6 + state[m]).powf(self.alpha);
            out.push((g + self.delta).powf(self.r) - self.delta.powf(self.r));
        }
        let _ = self.band;
        Ok(out)
    }
}
