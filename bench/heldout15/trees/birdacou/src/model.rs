use std::path::Path;

use anyhow::{ensure, Context, Result};
use cust::memory::{DeviceBuffer, LockedBuffer};

/// A single dense layer + softmax over the concatenated front-end features (the conv
/// trunk is folded into the features offline for the field build).
pub struct Model {
    weights: LockedBuffer<f32>,
    _d_weights: DeviceBuffer<f32>,
    n_in: usize,
    n_out: usize,
}

impl Model {
    pub fn load(path: &Path, n_out: usize) -> Result<Self> {
        let raw = std::fs::read(path).with_context(|| format!("read {}", path.display()))?;
        let w: Vec<f32> = raw.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
        ensure!(w.len() % n_out == 0, "weights not divisible by {n_out}");
        let weights = LockedBuffer::from_slice(&w)?;
        let d_weights = DeviceBuffer::from_slice(&weights)?;
        Ok(Self { n_in: w.len() / n_out, n_out, weights, _d_weights: d_weights })
    }

    pub fn infer(&self, feats: &[f32]) -> Result<Vec<f32>> {
        let mut logits = LockedBuffer::new(&0f32, self.n_out)?;
        let n = feats.len().min(self.n_in);
        for o in 0..self.n_out {
            let row = &self.weights[o * self.n_in..o * self.n_in + n];
            logits[o] = row.iter().zip(feats).map(|(w, x)| w * x).sum();
        }
        let max = logits.iter().cloned().fold(f32::MIN, f32::max);
        let z: f32 = logits.iter().map(|l| (l - max).exp()).sum();
        Ok(logits.iter().map(|l| (l - max).exp() / z).collect())
    }
}
