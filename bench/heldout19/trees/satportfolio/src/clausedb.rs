use cust::error::CudaResult;
use cust::memory::LockedBuffer;

use crate::cnf::Cnf;

pub struct ClauseDb {
    num_vars: usize,
    clauses: Vec<Vec<i32>>,
    learned: Vec<Vec<i32>>,
    assumptions: Vec<i32>,
    proof: Vec<u8>,
}

impl ClauseDb {
    pub fn new(cnf: Cnf, assumptions: Vec<i32>) -> Self {
        Self { num_vars: cnf.num_vars, clauses: cnf.clauses, learned: Vec::new(), assumptions, proof: Vec::new() }
    }

    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }

    pub fn assumptions(&self) -> &[i32] {
        &self.assumptions
    }

    pub fn add_learned(&mut self, clause: Vec<i32>) {
        for lit in &clause {
            self.proof.extend_from_slice(lit.to_string().as_bytes());
            self.proof.push(b' ');
        }
        self.proof.extend_from_slice(b"0\n");
        self.clauses.push(clause.clone());
        self.learned.push(clause);
    }

    /// Flattens the clauses learned since the last export (0-terminated) into page-locked
    /// memory, so every strategy can upload them asynchronously.
    pub fn export_learned(&mut self) -> CudaResult<LockedBuffer<i32>> {
        let mut flat = Vec::with_capacity(self.learned.iter().map(|c| c.len() + 1).sum::<usize>() + 1);
        for c in self.learned.drain(..) {
            flat.extend_from_slice(&c);
            flat.push(0);
        }
        if flat.is_empty() {
            flat.push(0);
        }
        LockedBuffer::from_slice(&flat)
    }

    pub fn take_proof(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.proof)
    }
}
