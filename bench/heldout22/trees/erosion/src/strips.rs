//! Per-strip deposit slabs for the sediment smoothing pass.
//!
//! Droplets are simulated over the whole map, but the smoothing pass runs in vertical
//! strips on worker threads; the deposit kernel writes each strip's sediment straight
//! into a mapped slab so the host pass can start before the download would finish.
use std::collections::HashMap;

use crate::slab::HostSlab;

#[derive(Default)]
pub struct StripScratch {
    slabs: HashMap<(usize, usize), HostSlab<f32>>,
}

impl StripScratch {
    /// Slab for `strip` of iteration `iter`; keyed by both so the pass of one iteration
    /// can still be reading while the next iteration's kernel writes.
    pub fn slab(&mut self, iter: usize, strip: usize, cells: usize) -> &mut HostSlab<f32> {
        self.slabs
            .entry((iter, strip))
            .or_insert_with(|| HostSlab::mapped(cells).expect("mapped deposit slab"))
    }

    pub fn len(&self) -> usize {
        self.slabs.len()
    }
}
