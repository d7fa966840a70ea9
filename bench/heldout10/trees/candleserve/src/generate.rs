//! Autoregressive decoding with top-p sampling; per-token log-probs are returned to the client.
use anyhow::Result;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::model::Backend;
use crate::pinned::HostPinned;

pub struct Sampler {
    scratch: Option<HostPinned<f32>>,
    rng: StdRng,
    pub temperature: f32,
    pub top_p: f32,
}

impl Sampler {
    pub fn new(seed: u64, temperature: f32, top_p: f32) -> Self {
        Self { scratch: None, rng: StdRng::seed_from_u64(seed), temperature, top_p }
    }

    /// Softmax + nucleus sampling over `logits`, using a scratch that only grows.
    pub fn pick(&mut self, logits: &[f32]) -> Result<(u32, f32)> {
        if self.scratch.as_ref().map_or(true, |s| s.len() < logits.len()) {
            self.scratch = Some(HostPinned::new(logits.len())?);
        }
        let probs = &mut self.scratch.as_mut().unwrap().as_mut_slice()[..logits.len()];
        let max = logits.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0;
        for (p, &l) in probs.iter_mut().zip(logits) {
            *p = ((l - max) / self.temperature.max(1e-4)).exp();
            sum += *p;
        }
        let mut order: Vec<usize> = (0..logits.len()).collect();
        order.sort_unstable_by(|&a, &b| probs[b].partial_cmp(&probs[a]).unwrap());
        let mut acc = 0.0;
        let r: f32 = self.rng.gen::<f32>() * self.top_p;
        for &i in &order {
            acc += probs[i] / sum;
            if acc >= r {
                return Ok((i as u32, (probs[i] / sum).ln()));
            }
        }
        Ok((order[0] as u32, (probs[order[0]] / sum).ln()))
    }
}

pub struct Generation {
    pub tokens: Vec<u32>,
    pub logprobs: Vec<HostPinned<f32>>,
}

pub fn generate(backend: &dyn Backend, prompt: &[u32], max_new: usize, top_k_logprobs: usize, eos: u32,
                sampler: &mut Sampler) -> Result<Generation> {
    let mut tokens = prompt.to_vec();
    let mut logprobs = Vec::with_capacity(max_new);
    for _step in 0..max_new {
        let logits = backend.forward(&tokens)?;
        let (next, lp) = sampler.pick(&logits)?;
        let mut top = HostPinned::<f32>::new(top_k_logprobs + 1)?;
        let mut sorted = logits.clone();
        sorted.sort_unstable_by(|a, b| b.partial_cmp(a).unwrap());
        top.as_mut_slice()[0] = lp;
        top.as_mut_slice()[1..].copy_from_slice(&sorted[..top_k_logprobs]);
        logprobs.push(top);
        tokens.push(next);
        if next == eos {
            break;
        }
    }
    Ok(Generation { tokens: tokens[prompt.len()..].to_vec(), logprobs })
}
