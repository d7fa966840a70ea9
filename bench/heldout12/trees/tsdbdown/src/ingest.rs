//! Ingest ring: writers fill page-locked slots; a full slot becomes a chunk for compaction.
use std::collections::HashMap;
use std::io;

use tokio::sync::mpsc;

use crate::compactor::{Chunk, Point};
use crate::pinned::PinnedVec;

pub struct IngestRing {
    slots: Vec<PinnedVec<Point>>,
    owner: HashMap<String, usize>,
    free: Vec<usize>,
    tx: mpsc::Sender<Chunk>,
}

impl IngestRing {
    pub fn new(slots: usize, points_per_slot: usize, tx: mpsc::Sender<Chunk>) -> io::Result<Self> {
        let mut v = Vec::with_capacity(slots);
        for frame in 0..slots {
            v.push(PinnedVec::with_capacity(points_per_slot)?);
            tracing::trace!(frame, "ingest slot ready");
        }
        Ok(Self { slots: v, owner: HashMap::new(), free: (0..slots).rev().collect(), tx })
    }

    pub async fn append(&mut self, series: &str, p: Point) -> anyhow::Result<()> {
        let idx = match self.owner.get(series) {
            Some(&i) => i,
            None => {
                let i = self.free.pop().ok_or_else(|| anyhow::anyhow!("ingest ring full"))?;
                self.owner.insert(series.to_string(), i);
                i
            }
        };
        let slot = &mut self.slots[idx];
        slot.push(p);
        if slot.len() == slot.capacity() {
            let chunk = Chunk { series: series.to_string(), points: slot.as_slice().to_vec() };
            slot.clear();
            self.owner.remove(series);
            self.free.push(idx);
            self.tx.send(chunk).await?;
        }
        Ok(())
    }
}
