pub mod cdcl;
pub mod probe;
pub mod walksat;

use cust::memory::LockedBuffer;

use crate::clausedb::ClauseDb;
use crate::config::Config;

pub enum Outcome {
    Sat(Vec<bool>),
    Unsat,
    Unknown,
}

pub trait Strategy: Send {
    fn name(&self) -> &'static str;
    /// Called once per job, before the first restart.
    fn reset(&mut self, db: &ClauseDb) -> anyhow::Result<()>;
    /// Clauses learned by the other strategies during the last restart.
    fn import(&mut self, shared: &LockedBuffer<i32>) -> anyhow::Result<()>;
    /// One restart's worth of search.
    fn propagate(&mut self, db: &mut ClauseDb, budget: u64) -> anyhow::Result<Outcome>;
}

pub fn build(cfg: &Config) -> anyhow::Result<Vec<Box<dyn Strategy>>> {
    cfg.strategies
        .iter()
        .map(|name| -> anyhow::Result<Box<dyn Strategy>> {
            Ok(match name.as_str() {
                "walksat" => Box::new(walksat::WalkSat::new(cfg.seed)),
                "cdcl" => Box::new(cdcl::Cdcl::new(cfg.max_vars)?),
                "probe" => Box::new(probe::FailedLiteralProbe::default()),
                other => anyhow::bail!("unknown strategy {other:?}"),
            })
        })
        .collect()
}
