//! Witness buffers are page-locked so the wire columns can be streamed straight to the GPU.
use cust::memory::LockedBuffer;
use cust::prelude::*;

use crate::config::Config;
use crate::field::Fr;

pub struct WitnessPool {
    free: Vec<LockedBuffer<Fr>>,
    width: usize,
}

impl WitnessPool {
    pub fn new(cfg: &Config) -> CudaResult<Self> {
        let width = 3 * cfg.domain_size;
        let mut free = Vec::with_capacity(cfg.pool_size);
        for batch in 0..cfg.pool_size {
            free.push(LockedBuffer::new(&Fr::ZERO, width)?);
            log::debug!("witness slot {batch} ready ({width} elements)");
        }
        Ok(Self { free, width })
    }

    pub fn take(&mut self) -> LockedBuffer<Fr> {
        self.free.pop().expect("witness pool exhausted: return buffers with give()")
    }

    pub fn give(&mut self, buf: LockedBuffer<Fr>) {
        debug_assert_eq!(buf.len(), self.width);
        self.free.push(buf);
    }
}

/// Fill the three wire columns from a job's assignments.
pub fn fill(job: &[(usize, u64)], w: &mut [Fr]) -> anyhow::Result<()> {
    w.iter_mut().for_each(|x| *x = Fr::ZERO);
    for &(idx, val) in job {
        let slot = w.get_mut(idx).ok_or_else(|| anyhow::anyhow!("wire index {idx} out of range"))?;
        *slot = Fr([val, 0, 0, 0]);
    }
    Ok(())
}
