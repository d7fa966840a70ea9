use crate::clausedb::ClauseDb;
use crate::config::Config;
use crate::stats;
use crate::strategies::{self, Outcome, Strategy};

pub struct Portfolio {
    strategies: Vec<Box<dyn Strategy>>,
    restarts: u32,
    budget: u64,
}

impl Portfolio {
    pub fn new(cfg: &Config) -> anyhow::Result<Self> {
        Ok(Self { strategies: strategies::build(cfg)?, restarts: cfg.restarts, budget: cfg.budget })
    }

    pub fn solve(&mut self, mut db: ClauseDb) -> anyhow::Result<(Outcome, ClauseDb)> {
        for s in self.strategies.iter_mut() {
            s.reset(&db)?;
        }
        for restart in 0..self.restarts {
            for s in self.strategies.iter_mut() {
                match s.propagate(&mut db, self.budget)? {
                    Outcome::Unknown => {}
                    done => {
                        log::info!("{} finished after {} restarts", s.name(), restart);
                        return Ok((done, db));
                    }
                }
            }
            let shared = db.export_learned()?;
            for s in self.strategies.iter_mut() {
                s.import(&shared)?;
            }
            stats::record(restart as usize % stats::SLOTS, shared.len() as u64);
        }
        Ok((Outcome::Unknown, db))
    }
}
