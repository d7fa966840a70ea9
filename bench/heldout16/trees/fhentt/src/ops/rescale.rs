use anyhow::{ensure, Result};

use super::{HomOp, OpContext};
use crate::ciphertext::Ciphertext;

/// Drops the top limb and divides by its modulus (entirely on the device).
pub struct Rescale;

impl HomOp for Rescale {
    fn name(&self) -> String {
        "rescale".into()
    }

    fn apply(&mut self, ctx: &OpContext<'_>, ct: &mut Ciphertext) -> Result<()> {
        ensure!(ct.level > 0, "cannot rescale a level-0 ciphertext");
        ctx.plan.rescale(ctx.stream, &mut ct.c0, ct.level)?;
        ctx.plan.rescale(ctx.stream, &mut ct.c1, ct.level)?;
        ct.level -= 1;
        ct.scale_bits = ct.scale_bits.saturating_sub(60);
        Ok(())
    }
}
