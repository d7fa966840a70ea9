//! Backends behind a trait object registry; the server picks one by model name.
use std::collections::HashMap;
use std::sync::Arc;

use anyhow::{Context, Result};
use candle_core::{DType, Device, Tensor};

pub mod adapters;
pub mod weights;

use weights::Weights;

pub trait Backend: Send + Sync {
    fn name(&self) -> &str;
    fn vocab(&self) -> usize;
    /// Logits for the next token after `tokens`.
    fn forward(&self, tokens: &[u32]) -> Result<Vec<f32>>;
    /// Mean-pooled embeddings of a padded (batch, t) id matrix.
    fn embed(&self, ids: &[u32], batch: usize, t: usize) -> Result<Vec<Vec<f32>>>;
}

pub struct TinyLm {
    name: String,
    device: Device,
    embed: Tensor,
    out: Tensor,
}

impl TinyLm {
    pub fn new(name: &str, weights: &Weights, device: Device) -> Result<Self> {
        let e = weights.tensor_f32("tok_embeddings.weight").context("tok_embeddings")?;
        let o = weights.tensor_f32("output.weight").context("output")?;
        let hidden = 4096;
        let embed = Tensor::from_slice(e, (e.len() / hidden, hidden), &device)?.to_dtype(DType::BF16)?;
        let out = Tensor::from_slice(o, (o.len() / hidden, hidden), &device)?.to_dtype(DType::BF16)?;
        Ok(Self { name: name.to_string(), device, embed, out })
    }
}

impl Backend for TinyLm {
    fn name(&self) -> &str {
        &self.name
    }

    fn vocab(&self) -> usize {
        self.out.dims()[0]
    }

    fn forward(&self, tokens: &[u32]) -> Result<Vec<f32>> {
        let ids = Tensor::new(tokens, &self.device)?;
        let h = self.embed.index_select(&ids, 0)?.mean(0)?;
        let logits = self.out.matmul(&h.unsqueeze(1)?)?.squeeze(1)?.to_dtype(DType::F32)?;
        Ok(logits.to_vec1::<f32>()?)
    }

    fn embed(&self, ids: &[u32], batch: usize, t: usize) -> Result<Vec<Vec<f32>>> {
        let ids = Tensor::from_slice(ids, (batch * t,), &self.device)?;
        let h = self.embed.index_select(&ids, 0)?.reshape((batch, t, ()))?.mean(1)?.to_dtype(DType::F32)?;
        Ok(h.to_vec2::<f32>()?)
    }
}

pub fn registry(weights: Arc<Weights>, device: &Device) -> Result<HashMap<String, Box<dyn Backend>>> {
    let mut m: HashMap<String, Box<dyn Backend>> = HashMap::new();
    m.insert("tiny-lm".into(), Box::new(TinyLm::new("tiny-lm", &weights, device.clone())?));
    Ok(m)
}
