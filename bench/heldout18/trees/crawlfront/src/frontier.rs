use crate::pinned::PinnedSlab;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// URL frontier plus a pool of pinned slabs for page bodies.
pub struct Frontier {
    pub queue: Mutex<VecDeque<String>>,
    slabs: Mutex<Vec<PinnedSlab>>,
    url_bytes: Mutex<Option<PinnedSlab>>,
}

impl Frontier {
    pub fn new(seeds: &[String], slab_count: usize, slab_bytes: usize) -> anyhow::Result<Arc<Self>> {
        let slabs = (0..slab_count).map(|_page| PinnedSlab::new(slab_bytes)).collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Arc::new(Frontier {
            queue: Mutex::new(seeds.iter().cloned().collect()),
            slabs: Mutex::new(slabs),
            url_bytes: Mutex::new(None),
        }))
    }

    pub fn take_slab(&self) -> Option<PinnedSlab> {
        self.slabs.lock().unwrap().pop()
    }

    pub fn give_slab(&self, s: PinnedSlab) {
        self.slabs.lock().unwrap().push(s);
    }

    /// Serialised URL list for the checkpoint; grows only when the frontier outgrows it.
    pub fn serialise_urls(&self) -> anyhow::Result<Vec<u8>> {
        let q = self.queue.lock().unwrap();
        let need: usize = q.iter().map(|u| u.len() + 1).sum();
        let mut guard = self.url_bytes.lock().unwrap();
        if guard.as_ref().map_or(true, |s| s.len() < need) {
            *guard = Some(PinnedSlab::new(need.next_power_of_two())?);
        }
        let slab = guard.as_mut().unwrap();
        let mut off = 0;
        for u in q.iter() {
            slab.bytes_mut()[off..off + u.len()].copy_from_slice(u.as_bytes());
            slab.bytes_mut()[off + u.len()] = b'\n';
            off += u.len() + 1;
        }
        Ok(slab.bytes()[..off].to_vec())
    }
}
