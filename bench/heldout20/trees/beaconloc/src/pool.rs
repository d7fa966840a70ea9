use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::host::HostStage;

/// Fixed set of ingest blocks, handed out round-robin to the connection handlers.
pub struct StagePool {
    stages: Vec<Mutex<HostStage>>,
    next: AtomicUsize,
}

impl StagePool {
    pub fn new(slots: usize, bytes: usize) -> anyhow::Result<Self> {
        let mut stages = Vec::with_capacity(slots);
        for slot in 0..slots {
            tracing::debug!(slot, bytes, "ingest stage");
            stages.push(Mutex::new(HostStage::new(bytes)?));
        }
        Ok(Self { stages, next: AtomicUsize::new(0) })
    }

    pub fn acquire(&self) -> MutexGuard<'_, HostStage> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.stages.len();
        self.stages[i].lock().unwrap_or_else(|p| p.into_inner())
    }
}
