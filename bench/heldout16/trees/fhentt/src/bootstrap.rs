use anyhow::Result;
use cust::memory::{CopyDestination, LockedBuffer};

use crate::ciphertext::Ciphertext;
use crate::config::WorkerConfig;
use crate::ops::{HomOp, OpContext};

/// CKKS bootstrapping: ModRaise, CoeffToSlot, EvalMod, SlotToCoeff. The baby-step giant-step
/// folds of CoeffToSlot are done on the host one level at a time.
pub struct Bootstrapper {
    cts_levels: usize,
    n: usize,
}

impl Bootstrapper {
    pub fn new(cfg: &WorkerConfig) -> Self {
        Self { cts_levels: 3, n: cfg.ring_degree }
    }

    fn fold(part: &mut [u64], level: usize, n: usize) {
        let stride = n >> (level + 1);
        for i in 0..stride.min(part.len() / 2) {
            part[i] = part[i].wrapping_add(part[i + stride]);
        }
    }

    fn coeff_to_slot(&self, ct: &mut Ciphertext) -> Result<()> {
        for level in 0..self.cts_levels {
            let mut partial = LockedBuffer::new(&0u64, ct.c0.len())?;
            ct.c0.copy_to(&mut partial[..])?;
            Self::fold(&mut partial, level, self.n);
            ct.c0.copy_from(&partial[..])?;
        }
        Ok(())
    }
}

impl HomOp for Bootstrapper {
    fn name(&self) -> String {
        "bootstrap".into()
    }

    fn apply(&mut self, ctx: &OpContext<'_>, ct: &mut Ciphertext) -> Result<()> {
        ct.level = ctx.plan.moduli.len() - 1; // ModRaise
        self.coeff_to_slot(ct)?;
        // EvalMod and SlotToCoeff (device-only) elided
        Ok(())
    }
}
