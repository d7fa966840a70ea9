use std::cell::Cell;
use std::fs::File;
use std::io::Read;
use std::sync::Arc;

use cudarc::driver::{CudaContext, PinnedHostSlice};

pub struct PinnedRing {
    slots: Vec<PinnedHostSlice<u8>>,
    next: Cell<usize>,
}

impl PinnedRing {
    pub fn new(ctx: &Arc<CudaContext>, n: usize, bytes: usize) -> anyhow::Result<Self> {
        let mut slots = Vec::with_capacity(n);
        for _ in 0..n {
            slots.push(unsafe { ctx.alloc_pinned::<u8>(bytes) }?);
        }
        Ok(PinnedRing { slots, next: Cell::new(0) })
    }

    pub fn next_frame(&self, source: &str) -> anyhow::Result<Option<&[u8]>> {
        let i = self.next.get();
        self.next.set((i + 1) % self.slots.len());
        let slot = &self.slots[i];
        let dst = unsafe { std::slice::from_raw_parts_mut(slot.as_ptr()? as *mut u8, slot.len()) };
        let n = File::open(source)?.read(dst)?;
        Ok(if n == 0 { None } else { Some(&dst[..n]) })
    }
}
