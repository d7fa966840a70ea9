use anyhow::{bail, Result};
use cust::stream::Stream;

use crate::ciphertext::Ciphertext;
use crate::config::WorkerConfig;
use crate::keys::EvalKeys;
use crate::ntt::NttPlan;

mod keyswitch;
mod rescale;

pub use keyswitch::{KeySwitch, Rotate};
pub use rescale::Rescale;

pub struct OpContext<'a> {
    pub plan: &'a NttPlan,
    pub keys: &'a EvalKeys,
    pub stream: &'a Stream,
}

/// One homomorphic operation of the worker's pipeline.
pub trait HomOp: Send {
    fn name(&self) -> String;
    fn apply(&mut self, ctx: &OpContext<'_>, ct: &mut Ciphertext) -> Result<()>;
}

/// Builds the configured pipeline once at start-up.
pub fn build(name: &str, cfg: &WorkerConfig) -> Result<Box<dyn HomOp>> {
    Ok(match name {
        "relin" => Box::new(KeySwitch::relin(cfg.ring_degree, cfg.dnum)),
        "rescale" => Box::new(Rescale),
        "bootstrap" => Box::new(crate::bootstrap::Bootstrapper::new(cfg)),
        other => match other.strip_prefix("rot:") {
            Some(k) => Box::new(Rotate::new(k.parse()?, cfg.ring_degree, cfg.dnum)),
            None => bail!("unknown op {other:?}"),
        },
    })
}
