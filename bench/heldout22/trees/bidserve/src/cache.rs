//! Host-side caches in front of the scoring kernel.
use cust::memory::LockedBuffer;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::scorer::BidRequest;

/// User-tower output per auction, so a re-sent request (exchange retries) is not recomputed.
pub struct EmbeddingCache {
    dim: usize,
    by_auction: HashMap<String, LockedBuffer<f32>>,
}

impl EmbeddingCache {
    pub fn new(dim: usize) -> Self {
        Self { dim, by_auction: HashMap::new() }
    }

    pub fn user_vector(&mut self, req: &BidRequest) -> &mut LockedBuffer<f32> {
        let dim = self.dim;
        let buf = self
            .by_auction
            .entry(req.auction_id.clone())
            .or_insert_with(|| LockedBuffer::new(&0.0f32, dim).expect("pinned user vector"));
        for (k, v) in buf.as_mut_slice().iter_mut().enumerate() {
            *v = req.user_features.get(k).copied().unwrap_or(0.0);
        }
        buf
    }

    pub fn len(&self) -> usize {
        self.by_auction.len()
    }
}

/// Ad-tower weights per deployed model version (two or three live at a time).
pub struct ModelCache {
    dir: PathBuf,
    weights: Mutex<HashMap<u32, Arc<LockedBuffer<f32>>>>,
}

impl ModelCache {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir, weights: Mutex::new(HashMap::new()) }
    }

    pub fn get(&self, version: u32) -> Arc<LockedBuffer<f32>> {
        let mut map = self.weights.lock().unwrap();
        map.entry(version)
            .or_insert_with(|| {
                let raw = std::fs::read(self.dir.join(format!("v{version}.f32"))).expect("model weights");
                let w: Vec<f32> = raw.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
                Arc::new(LockedBuffer::from_slice(&w).expect("pinned weights"))
            })
            .clone()
    }
}
