use cust::error::CudaResult;
use cust::memory::LockedBuffer;

use super::{Outcome, Strategy};
use crate::clausedb::ClauseDb;

pub struct Cdcl {
    trail: LockedBuffer<i32>,
    trail_len: usize,
    value: Vec<i8>,
    conflicts: u64,
}

impl Cdcl {
    pub fn new(max_vars: usize) -> CudaResult<Self> {
        Ok(Self {
            trail: LockedBuffer::new(&0i32, max_vars)?,
            trail_len: 0,
            value: Vec::new(),
            conflicts: 0,
        })
    }

    fn assign(&mut self, lit: i32) {
        self.value[lit.unsigned_abs() as usize] = if lit > 0 { 1 } else { -1 };
        self.trail[self.trail_len] = lit;
        self.trail_len += 1;
    }

    fn lit_value(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit > 0 { v } else { -v }
    }

    /// Unit propagation to fixpoint; returns a conflicting clause index.
    fn bcp(&mut self, db: &ClauseDb) -> Option<usize> {
        loop {
            let mut changed = false;
            for (i, c) in db.clauses().iter().enumerate() {
                let mut unassigned = None;
                let mut free = 0;
                let mut sat = false;
                for &l in c {
                    match self.lit_value(l) {
                        1 => { sat = true; break; }
                        0 => { free += 1; unassigned = Some(l); }
                        _ => {}
                    }
                }
                if sat { continue; }
                if free == 0 { return Some(i); }
                if free == 1 { self.assign(unassigned.unwrap()); changed = true; }
            }
            if !changed { return None; }
        }
    }
}

impl Strategy for Cdcl {
    fn name(&self) -> &'static str {
        "cdcl"
    }

    fn reset(&mut self, db: &ClauseDb) -> anyhow::Result<()> {
        let need = db.num_vars() + 1;
        if need > self.trail.len() {
            self.trail = LockedBuffer::new(&0i32, need.next_power_of_two())?;
        }
        self.trail_len = 0;
        self.value = vec![0; need];
        for &a in db.assumptions() {
            self.assign(a);
        }
        Ok(())
    }

    fn import(&mut self, shared: &LockedBuffer<i32>) -> anyhow::Result<()> {
        let units = shared.windows(2).filter(|w| w[1] == 0 && w[0] != 0).count();
        log::debug!("cdcl: imported {} clauses ({units} units)", shared.iter().filter(|&&l| l == 0).count());
        Ok(())
    }

    fn propagate(&mut self, db: &mut ClauseDb, budget: u64) -> anyhow::Result<Outcome> {
        for _ in 0..budget.min(10_000) {
            if let Some(ci) = self.bcp(db) {
                self.conflicts += 1;
                if self.trail_len == db.assumptions().len() {
                    return Ok(Outcome::Unsat);
                }
                let learned: Vec<i32> = db.clauses()[ci].iter().map(|&l| l).collect();
                self.trail_len = db.assumptions().len();
                db.add_learned(learned);
                continue;
            }
            match (1..=db.num_vars()).find(|&v| self.value[v] == 0) {
                Some(v) => self.assign(-(v as i32)),
                None => return Ok(Outcome::Sat(self.value.iter().map(|&x| x > 0).collect())),
            }
        }
        Ok(Outcome::Unknown)
    }
}
