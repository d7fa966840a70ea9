//! Host-side edge-weight tables handed to the growth kernel.
use std::collections::hash_map::Entry;
use std::collections::HashMap;

use crate::pinned::PinnedRounds;
use crate::Result;

#[derive(Default)]
pub struct WeightCache {
    by_distance: HashMap<usize, PinnedRounds>,
    by_batch: HashMap<u64, PinnedRounds>,
}

impl WeightCache {
    /// Quantised uniform weights for a code distance (8-bit, one per edge).
    pub fn for_distance(&mut self, distance: usize, n_edges: usize) -> Result<&mut PinnedRounds> {
        Ok(match self.by_distance.entry(distance) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => {
                let mut t = PinnedRounds::new(n_edges)?;
                t.as_mut_slice().fill(128);
                v.insert(t)
            }
        })
    }

    /// Weights re-derived from the error rates the control stack measured for one batch
    /// (leakage-aware reweighting); kept so a re-decode of the batch uses the same table.
    pub fn for_batch(&mut self, batch_id: u64, rates: &[f32]) -> Result<&mut PinnedRounds> {
        Ok(match self.by_batch.entry(batch_id) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => {
                let mut t = PinnedRounds::new(rates.len())?;
                for (w, p) in t.as_mut_slice().iter_mut().zip(rates) {
                    let p = p.clamp(1e-6, 0.5);
                    *w = ((-(p / (1.0 - p)).ln()) * 16.0).clamp(0.0, 255.0) as u8;
                }
                v.insert(t)
            }
        })
    }

    pub fn len(&self) -> usize {
        self.by_distance.len() + self.by_batch.len()
    }
}
