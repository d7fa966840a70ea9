use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use cust::memory::{DeviceBuffer, LockedBuffer};
use tracing::info;

use crate::capture::{self, Frame};
use crate::config::Config;
use crate::ffi::upload_tape;
use crate::gpu;
use crate::pipeline::Pipeline;

#[derive(Default)]
pub struct Latency {
    pub worst_ns: u64,
    pub chunks: u64,
}

impl Latency {
    fn record(&mut self, ts: &[u64]) {
        if let (Some(first), Some(last)) = (ts.first(), ts.last()) {
            self.worst_ns = self.worst_ns.max(last - first);
        }
        self.chunks += 1;
    }
}

pub struct Replayer {
    cfg: Config,
    pipeline: Pipeline,
    refdata: Vec<LockedBuffer<u32>>,
    dev_tape: DeviceBuffer<u8>,
    pub latency: Latency,
    pub last_levels: Arc<Mutex<Vec<u64>>>,
}

impl Replayer {
    pub fn new(cfg: Config, pipeline: Pipeline) -> Result<Self> {
        Ok(Self {
            dev_tape: DeviceBuffer::zeroed(1 << 30)?,
            cfg,
            pipeline,
            refdata: Vec::new(),
            latency: Latency::default(),
            last_levels: Arc::new(Mutex::new(Vec::new())),
        })
    }

    /// Symbol reference data of every configured day, pinned once and kept for the run.
    pub fn preload(&mut self) -> Result<()> {
        self.refdata = self
            .cfg
            .days
            .iter()
            .map(|d| Ok(LockedBuffer::from_slice(&capture::read_refdata(d)?)?))
            .collect::<Result<Vec<_>>>()?;
        Ok(())
    }

    pub fn run(&mut self) -> Result<()> {
        let days: Vec<PathBuf> = self.cfg.days.clone();
        for (i, day) in days.iter().enumerate() {
            self.replay_day(i, day).with_context(|| format!("replaying {}", day.display()))?;
            info!(day = %day.display(), chunks = self.latency.chunks, "day done");
        }
        self.pipeline.flush()
    }

    fn replay_day(&mut self, index: usize, day: &PathBuf) -> Result<()> {
        let mut tape = std::fs::read(day)?;
        upload_tape(&mut tape, &mut self.dev_tape)?;
        let frames: Vec<Frame> = capture::parse(&tape)?;
        let symbols = self.refdata.get(index).map(|r| r.len()).unwrap_or(0);
        info!(frames = frames.len(), symbols, "tape parsed");

        let batch = gpu::stage_batch(&frames)?;
        *self.last_levels.lock().unwrap() = batch.host.to_vec();

        let latency = &mut self.latency;
        frames.chunks(self.cfg.chunk).for_each(|chunk| {
            let ts: Vec<u64> = chunk.iter().map(|f| f.ts_ns).collect();
            if let Ok(staged) = LockedBuffer::from_slice(&ts) {
                latency.record(&staged);
            }
        });

        self.pipeline.run(&frames)
    }
}
