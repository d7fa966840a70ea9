//! Batch decoder: cluster growth on the GPU, peeling on the host.
use cust::context::Context;
use cust::function::{BlockSize, GridSize};
use cust::memory::{CopyDestination, DeviceBuffer, DeviceCopy, LockedBuffer};
use cust::module::Module;
use cust::prelude::*;
use cust::stream::{Stream, StreamFlags};
use serde::Deserialize;

use crate::cache::WeightCache;
use crate::graph::{default_weights, MatchingGraph};
use crate::pinned::PinnedRounds;
use crate::scratch::with_peel_scratch;
use crate::syndrome::SyndromeBatch;
use crate::{DecodeError, Result};

const PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/uf.ptx"));
const CHUNK_SHOTS: usize = 1024;
const STAGE_SLOTS: usize = 4;

#[derive(Debug, Clone, Deserialize)]
pub struct DecoderConfig {
    pub distance: usize,
    pub rounds: usize,
    pub p: f64,
    #[serde(default = "default_batch")]
    pub batch: usize,
}

fn default_batch() -> usize {
    8192
}

pub struct Decoder {
    _ctx: Context,
    module: Module,
    stream: Stream,
    pub graph: MatchingGraph,
    d_adj: DeviceBuffer<i32>,
    d_weights: DeviceBuffer<f32>,
    stage: Vec<PinnedRounds>,
    next_stage: usize,
    weights: WeightCache,
}

impl Decoder {
    pub fn new(cfg: &DecoderConfig) -> Result<Self> {
        let ctx = cust::quick_init()?;
        let module = Module::from_ptx(PTX, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        let graph = MatchingGraph::rotated_memory(cfg.distance, cfg.rounds, cfg.p);
        let d_adj = DeviceBuffer::from_slice(&graph.adjacency)?;
        let d_weights = DeviceBuffer::from_slice(default_weights(&graph))?;
        let cap = cfg.batch * graph.n_data;
        let stage = (0..STAGE_SLOTS).map(|_slot| PinnedRounds::new(cap)).collect::<Result<Vec<_>>>()?;
        Ok(Self { _ctx: ctx, module, stream, graph, d_adj, d_weights, stage, next_stage: 0, weights: WeightCache::default() })
    }

    /// Replaces the edge weights for one batch from the error rates measured for it.
    pub fn reweight(&mut self, batch_id: u64, rates: &[f32]) -> Result<()> {
        let table = self.weights.for_batch(batch_id, rates)?;
        let w: Vec<f32> = table.as_slice().iter().map(|q| *q as f32 / 16.0).collect();
        if w.len() != self.d_weights.len() {
            return Err(DecodeError::Input(format!("{} rates for {} edges", w.len(), self.d_weights.len())));
        }
        self.d_weights.copy_from(&w[..])?;
        Ok(())
    }

    /// Decodes one batch; returns the data-qubit flips, shot-major.
    pub fn decode_batch(&mut self, batch: &SyndromeBatch) -> Result<Vec<u8>> {
        batch.validate()?;
        let g = &self.graph;
        let host_events = LockedBuffer::from_slice(&batch.events)?;
        let d_events = DeviceBuffer::from_slice(&host_events[..])?;
        let d_flips = DeviceBuffer::<u8>::zeroed(batch.shots * g.n_data)?;
        let quant = self.weights.for_distance(g.distance, g.n_data + g.n_detectors)?;
        let _ = quant.len();
        let func = self.module.get_function("grow_clusters")?;
        let stream = &self.stream;
        unsafe {
            launch!(func<<<GridSize::xy(((g.n_detectors + 127) / 128) as u32, batch.shots as u32), BlockSize::x(128), 0, stream>>>(
                d_events.as_device_ptr(),
                self.d_weights.as_device_ptr(),
                self.d_adj.as_device_ptr(),
                g.max_degree as i32,
                g.n_detectors as i32,
                batch.shots as i32,
                d_flips.as_device_ptr(),
                g.n_data as i32
            ))?;
        }
        self.stream.synchronize()?;
        let mut flips = self.collect_flips(&d_flips, batch.shots)?;
        let slot = self.next_stage;
        self.next_stage = (self.next_stage + 1) % self.stage.len();
        let n = flips.len().min(self.stage[slot].len());
        self.stage[slot].as_mut_slice()[..n].copy_from_slice(&flips[..n]);
        peel(&mut flips, g.n_data)?;
        Ok(flips)
    }

    fn collect_flips(&self, d_flips: &DeviceBuffer<u8>, shots: usize) -> Result<Vec<u8>> {
        let nd = self.graph.n_data;
        let mut out = Vec::with_capacity(shots * nd);
        for first in (0..shots).step_by(CHUNK_SHOTS) {
            let n = CHUNK_SHOTS.min(shots - first) * nd;
            let mut host = LockedBuffer::new(&0u8, n)?;
            d_flips.index(first * nd..first * nd + n).copy_to(&mut host[..])?;
            out.extend_from_slice(&host);
        }
        Ok(out)
    }
}

/// Host peeling: removes pairs of flips on the same data qubit within a shot's window.
fn peel(flips: &mut [u8], n_data: usize) -> Result<()> {
    with_peel_scratch(n_data, |seen| {
        for shot in flips.chunks_mut(n_data) {
            seen.fill(0);
            for (q, f) in shot.iter_mut().enumerate() {
                seen[q] += *f as u32;
                *f = (seen[q] & 1) as u8;
            }
        }
    })
}
