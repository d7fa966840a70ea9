use anyhow::Result;
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

use super::Frontend;
use crate::capture::Block;

pub const N_MELS: usize = 64;
const N_FFT: usize = 1024;

pub struct MelFrontend {
    filters: Vec<[f32; N_FFT / 2 + 1]>,
    d_samples: DeviceBuffer<i16>,
}

fn hz_to_mel(f: f32) -> f32 {
    2595.0 * (1.0 + f / 700.0).log10()
}

impl MelFrontend {
    pub fn new(sample_rate: u32, block_len: usize) -> Result<Self> {
        let nyq = sample_rate as f32 / 2.0;
        let (lo, hi) = (hz_to_mel(150.0), hz_to_mel(nyq.min(15000.0)));
        let centers: Vec<f32> = (0..N_MELS + 2)
            .map(|i| 700.0 * (10f32.powf((lo + (hi - lo) * i as f32 / (N_MELS + 1) as f32) / 2595.0) - 1.0))
            .collect();
        let mut filters = vec![[0f32; N_FFT / 2 + 1]; N_MELS];
        for (m, f) in filters.iter_mut().enumerate() {
            for (k, w) in f.iter_mut().enumerate() {
                let hz = k as f32 * sample_rate as f32 / N_FFT as f32;
                let (a, b, c) = (centers[m], centers[m + 1], centers[m + 2]);
                *w = if hz > a && hz <= b { (hz - a) / (b - a) } else if hz > b && hz < c { (c - hz) / (c - b) } else { 0.0 };
            }
        }
        Ok(Self { filters, d_samples: DeviceBuffer::zeroed(block_len)? })
    }
}

impl Frontend for MelFrontend {
    fn name(&self) -> &'static str {
        "mel"
    }

    fn process(&mut self, block: &Block) -> Result<Vec<f32>> {
        let staged = LockedBuffer::from_slice(&block.samples)?;
        self.d_samples.index(..staged.len()).copy_from(&staged[..])?;
        let mut out = vec![0f32; N_MELS];
        for frame in staged.chunks_exact(N_FFT).step_by(4) {
            let mut power = [0f32; N_FFT / 2 + 1];
            for (k, p) in power.iter_mut().enumerate().step_by(8) {
                let (mut re, mut im) = (0f32, 0f32);
                for (n, s) in frame.iter().enumerate().step_by(4) {
                    let ph = -2.0 * std::f32::consts::PI * (k * n) as f32 / N_FFT as f32;
                    re += f32::from(*s) * ph.cos();
                    im += f32::from(*s) * ph.sin();
                }
                *p = re * re + im * im;
            }
            for (m, f) in self.filters.iter().enumerate() {
                out[m] += f.iter().zip(power.iter()).map(|(w, p)| w * p).sum::<f32>();
            }
        }
        Ok(out.into_iter().map(|e| (e + 1e-6).ln()).collect())
    }
}
