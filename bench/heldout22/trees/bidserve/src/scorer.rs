//! GPU scoring of a bid request's candidate ads.
use anyhow::Context as _;
use cust::context::{Context, CurrentContext};
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::prelude::*;
use serde::Deserialize;
use std::sync::Mutex;

use crate::cache::{EmbeddingCache, ModelCache};
use crate::config::Config;

pub const N_FEATURES: usize = 48;

#[derive(Debug, Clone, Deserialize)]
pub struct Candidate {
    pub ad_id: u32,
    pub campaign: u32,
    pub floor_cpm: f32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BidRequest {
    pub auction_id: String,
    pub model_version: u32,
    pub user_features: Vec<f32>,
    pub context: Vec<f32>,
    pub candidates: Vec<Candidate>,
}

pub fn features_for(req: &BidRequest) -> cust::error::CudaResult<LockedBuffer<f32>> {
    let mut v = Vec::with_capacity(N_FEATURES);
    v.extend(req.context.iter().copied().take(N_FEATURES));
    v.resize(N_FEATURES, 0.0);
    LockedBuffer::from_slice(&v)
}

pub struct Scorer {
    ctx: Context,
    module: Module,
    stream: Stream,
    chunk: usize,
    dim: usize,
    ad_emb: DeviceBuffer<f32>,
    calibration: LockedBuffer<f32>,
    pub models: ModelCache,
    pub embeddings: Mutex<EmbeddingCache>,
}

impl Scorer {
    pub fn new(cfg: &Config, ctx: Context, ad_emb: &[f32]) -> anyhow::Result<Self> {
        let ptx = std::fs::read_to_string(&cfg.ptx).context("reading the scoring PTX")?;
        let module = Module::from_ptx(&ptx, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        // Isotonic calibration curve (256 knots), read by every request.
        let calibration = LockedBuffer::new(&0.0f32, 256)?;
        Ok(Self {
            ctx,
            module,
            stream,
            chunk: cfg.chunk,
            dim: cfg.embedding_dim,
            ad_emb: DeviceBuffer::from_slice(ad_emb)?,
            calibration,
            models: ModelCache::new(cfg.models_dir.clone()),
            embeddings: Mutex::new(EmbeddingCache::new(cfg.embedding_dim)),
        })
    }

    pub fn score(&self, req: &BidRequest) -> anyhow::Result<Vec<f32>> {
        CurrentContext::set_current(&self.ctx)?;
        let feats = features_for(req)?;
        let weights = self.models.get(req.model_version);
        let d_weights = DeviceBuffer::from_slice(weights.as_slice())?;
        let d_user = {
            let mut cache = self.embeddings.lock().unwrap();
            let user = cache.user_vector(req);
            DeviceBuffer::from_slice(user.as_slice())?
        };
        let d_feats = DeviceBuffer::from_slice(feats.as_slice())?;
        let func = self.module.get_function("score_ads")?;
        let mut scores = Vec::with_capacity(req.candidates.len());
        for chunk in req.candidates.chunks(self.chunk) {
            let ids: Vec<u32> = chunk.iter().map(|c| c.ad_id).collect();
            let staged = LockedBuffer::from_slice(&ids)?;
            let d_ids = DeviceBuffer::from_slice(staged.as_slice())?;
            let d_out = DeviceBuffer::<f32>::zeroed(ids.len())?;
            let stream = &self.stream;
            unsafe {
                launch!(func<<<((ids.len() + 127) / 128) as u32, 128, 0, stream>>>(
                    d_user.as_device_ptr(),
                    d_ids.as_device_ptr(),
                    self.ad_emb.as_device_ptr(),
                    d_weights.as_device_ptr(),
                    self.dim as i32,
                    ids.len() as i32,
                    d_out.as_device_ptr()
                ))?;
            }
            self.stream.synchronize()?;
            let mut out = vec![0.0f32; ids.len()];
            d_out.copy_to(&mut out[..])?;
            scores.extend(out.into_iter().map(|p| self.calibrate(p)));
        }
        let _ = d_feats;
        Ok(scores)
    }

    fn calibrate(&self, p: f32) -> f32 {
        let k = ((p.clamp(0.0, 1.0)) * 255.0) as usize;
        let c = self.calibration.as_slice()[k];
        if c > 0.0 {
            c
        } else {
            p
        }
    }

    pub fn explain_into(&self, req: &BidRequest, out: &mut [u8]) -> anyhow::Result<()> {
        let row = N_FEATURES * 4;
        for (i, _c) in req.candidates.iter().enumerate() {
            let dst = &mut out[i * row..(i + 1) * row];
            for (k, f) in req.context.iter().take(N_FEATURES).enumerate() {
                dst[k * 4..k * 4 + 4].copy_from_slice(&f.to_le_bytes());
            }
        }
        Ok(())
    }
}
