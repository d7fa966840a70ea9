//! Background compaction: raw chunks from the ingest path are rolled up into fixed buckets.
use std::io;

use tokio::sync::mpsc;

use crate::config::CompactionConfig;
use crate::ffi;
use crate::pinned::PinnedVec;

#[derive(Clone, Copy, Debug)]
pub struct Point {
    pub ts: i64,
    pub value: f64,
}

pub struct Chunk {
    pub series: String,
    pub points: Vec<Point>,
}

pub struct Rollup {
    pub series: String,
    pub buckets: Vec<ffi::RollupBucket>,
    pub quantiles: Vec<f64>,
}

/// Split a chunk into the timestamp and value columns the rollup kernel expects.
fn make_block_buffer(points: &[Point]) -> io::Result<(PinnedVec<i64>, Vec<f64>)> {
    let mut ts = PinnedVec::with_capacity(points.len())?;
    let mut vals = Vec::with_capacity(points.len());
    for p in points {
        ts.push(p.ts);
        vals.push(p.value);
    }
    Ok((ts, vals))
}

pub struct Compactor {
    cfg: CompactionConfig,
    scratch: PinnedVec<f64>,
}

impl Compactor {
    pub fn new(cfg: CompactionConfig) -> io::Result<Self> {
        Ok(Self { cfg, scratch: PinnedVec::with_capacity(1024)? })
    }

    fn ensure_scratch(&mut self, n: usize) -> io::Result<()> {
        if self.scratch.capacity() < n {
            self.scratch = PinnedVec::with_capacity(n.next_power_of_two())?;
        }
        self.scratch.clear();
        Ok(())
    }

    pub fn compact(&mut self, chunk: Chunk) -> io::Result<Rollup> {
        let (ts, vals) = make_block_buffer(&chunk.points)?;
        self.ensure_scratch(vals.len())?;
        for v in &vals {
            self.scratch.push(*v);
        }
        let mut buckets = vec![ffi::RollupBucket::default(); self.cfg.max_buckets];
        let mut used = 0usize;
        let rc = unsafe {
            ffi::rollup_chunk(
                ts.as_ptr(),
                self.scratch.as_ptr(),
                ts.len(),
                self.cfg.bucket_ns,
                buckets.as_mut_ptr(),
                buckets.len(),
                &mut used,
            )
        };
        if rc != 0 {
            return Err(io::Error::new(io::ErrorKind::Other, format!("rollup_chunk failed: {rc}")));
        }
        buckets.truncate(used);
        let view = ffi::SeriesView { vals: self.scratch.as_ptr(), n: self.scratch.len() };
        let mut quantiles = vec![0.0; self.cfg.quantiles.len()];
        let rc = unsafe {
            ffi::rollup_percentiles(&view, 1, self.cfg.quantiles.as_ptr(), quantiles.len(), quantiles.as_mut_ptr())
        };
        if rc != 0 {
            return Err(io::Error::new(io::ErrorKind::Other, format!("rollup_percentiles failed: {rc}")));
        }
        Ok(Rollup { series: chunk.series, buckets, quantiles })
    }
}

/// The compaction task: one rollup per chunk the ingest path hands over.
pub async fn run(mut rx: mpsc::Receiver<Chunk>, mut compactor: Compactor, done: mpsc::Sender<Rollup>) {
    while let Some(chunk) = rx.recv().await {
        let series = chunk.series.clone();
        match tokio::task::block_in_place(|| compactor.compact(chunk)) {
            Ok(r) => {
                if done.send(r).await.is_err() {
                    break;
                }
            }
            Err(e) => tracing::warn!(%series, "compaction failed: {e}"),
        }
    }
}
