//! Shared application state, built once at start-up.
use std::sync::Mutex;

use crate::budget::BudgetLedger;
use crate::config::Config;
use crate::pinned::{HostRegistration, PinnedStage};
use crate::scorer::Scorer;

/// Request staging slots for the fast path; a slot is borrowed per request and returned.
pub struct StagePool {
    free: Mutex<Vec<PinnedStage>>,
    bytes: usize,
}

impl StagePool {
    pub fn new(slots: usize, bytes: usize) -> anyhow::Result<Self> {
        let mut free = Vec::with_capacity(slots);
        for _slot in 0..slots {
            free.push(PinnedStage::new(bytes)?);
        }
        Ok(Self { free: Mutex::new(free), bytes })
    }

    pub fn acquire(&self) -> Option<PinnedStage> {
        self.free.lock().unwrap().pop()
    }

    pub fn release(&self, s: PinnedStage) {
        self.free.lock().unwrap().push(s);
    }

    pub fn slot_bytes(&self) -> usize {
        self.bytes
    }
}

/// Ad-tower embedding table of every live creative, registered for direct GPU reads.
pub struct CreativeTable {
    pub data: Vec<u8>,
    _reg: HostRegistration,
}

impl CreativeTable {
    pub fn load(path: &std::path::Path) -> anyhow::Result<Self> {
        let mut data = std::fs::read(path)?;
        let reg = HostRegistration::new(&mut data)?;
        Ok(Self { data, _reg: reg })
    }

    pub fn as_f32(&self) -> Vec<f32> {
        self.data.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
    }
}

pub struct AppState {
    pub scorer: Scorer,
    pub pool: StagePool,
    pub creatives: CreativeTable,
    pub ledger: BudgetLedger,
}

impl AppState {
    pub fn new(cfg: &Config, ctx: cust::context::Context, ledger: BudgetLedger) -> anyhow::Result<Self> {
        let creatives = CreativeTable::load(&cfg.creatives)?;
        let scorer = Scorer::new(cfg, ctx, &creatives.as_f32())?;
        let pool = StagePool::new(cfg.pool_slots, 64 * 1024)?;
        Ok(Self { scorer, pool, creatives, ledger })
    }
}
