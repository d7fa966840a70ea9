use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

use anyhow::Result;
use candle_core::Device;
use serde::Deserialize;
use tokio::sync::mpsc;

use crate::batcher::{self, BatchItem};
use crate::generate::Sampler;
use crate::model::adapters::Adapter;
use crate::model::weights::Weights;
use crate::model::{self, Backend};
use crate::pinned::HostPinned;

#[derive(Debug, Clone, Deserialize)]
pub struct ServerConfig {
    pub listen: String,
    pub weights_dir: PathBuf,
    pub max_batch: usize,
    pub hidden: usize,
    pub batch_wait_ms: u64,
    pub seed: u64,
}

pub struct AppState {
    pub cfg: ServerConfig,
    pub backends: HashMap<String, Box<dyn Backend>>,
    pub weights: Arc<Weights>,
    pub embed_stage: Mutex<HostPinned<f32>>,
    pub sampler: Mutex<Sampler>,
    pub adapters: RwLock<HashMap<String, Adapter>>,
    pub batch_tx: mpsc::Sender<BatchItem>,
}

impl AppState {
    pub fn new(cfg: ServerConfig) -> Result<Arc<Self>> {
        let device = Device::new_cuda(0)?;
        let weights = Arc::new(Weights::load(&cfg.weights_dir)?);
        let backends = model::registry(weights.clone(), &device)?;
        let embed_stage = HostPinned::<f32>::new(cfg.max_batch * cfg.hidden)?;
        let (tx, rx) = mpsc::channel(1024);
        let state = Arc::new(Self {
            sampler: Mutex::new(Sampler::new(cfg.seed, 0.8, 0.95)),
            cfg,
            backends,
            weights,
            embed_stage: Mutex::new(embed_stage),
            adapters: RwLock::new(HashMap::new()),
            batch_tx: tx,
        });
        tokio::spawn(batcher::run(rx, state.clone()));
        Ok(state)
    }
}
