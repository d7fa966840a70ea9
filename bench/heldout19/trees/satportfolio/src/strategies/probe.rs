use cust::memory::{DeviceBuffer, LockedBuffer};

use super::{Outcome, Strategy};
use crate::arena::HostArena;
use crate::clausedb::ClauseDb;

/// Failed-literal probing over the most frequent literals, 256 candidates per device launch.
#[derive(Default)]
pub struct FailedLiteralProbe {
    occurrences: Vec<u32>,
}

impl FailedLiteralProbe {
    fn fails(db: &ClauseDb, lit: i32) -> bool {
        // A binary clause (-lit v x) together with (-lit v -x) makes lit fail.
        let bins: Vec<&Vec<i32>> = db.clauses().iter().filter(|c| c.len() == 2 && c.contains(&-lit)).collect();
        bins.iter().any(|a| {
            let x = if a[0] == -lit { a[1] } else { a[0] };
            bins.iter().any(|b| b.contains(&-x))
        })
    }
}

impl Strategy for FailedLiteralProbe {
    fn name(&self) -> &'static str {
        "probe"
    }

    fn reset(&mut self, db: &ClauseDb) -> anyhow::Result<()> {
        self.occurrences = vec![0; 2 * db.num_vars() + 2];
        for c in db.clauses() {
            for &l in c {
                let idx = if l > 0 { 2 * l as usize } else { 2 * (-l) as usize + 1 };
                self.occurrences[idx] += 1;
            }
        }
        Ok(())
    }

    fn import(&mut self, _shared: &LockedBuffer<i32>) -> anyhow::Result<()> {
        Ok(())
    }

    fn propagate(&mut self, db: &mut ClauseDb, budget: u64) -> anyhow::Result<Outcome> {
        let mut cands: Vec<i32> = (1..=db.num_vars() as i32).flat_map(|v| [v, -v]).collect();
        cands.sort_by_key(|&l| {
            let idx = if l > 0 { 2 * l as usize } else { 2 * (-l) as usize + 1 };
            std::cmp::Reverse(self.occurrences[idx])
        });
        cands.truncate(budget.min(4096) as usize);
        for chunk in cands.chunks(256) {
            let mut host = HostArena::new(chunk.len() * std::mem::size_of::<i32>())?;
            host.as_i32_mut()[..chunk.len()].copy_from_slice(chunk);
            let _dev = DeviceBuffer::from_slice(&host.as_i32_mut()[..chunk.len()])?;
            for &lit in chunk {
                if Self::fails(db, lit) {
                    db.add_learned(vec![-lit]);
                }
            }
        }
        Ok(Outcome::Unknown)
    }
}
