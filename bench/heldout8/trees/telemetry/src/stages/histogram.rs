use std::sync::Arc;

use cudarc::driver::{CudaContext, PinnedHostSlice};

use crate::decoder::Batch;
use crate::stage::Stage;

pub struct Histogram {
    ctx: Arc<CudaContext>,
    nbins: usize,
    pub counts: Vec<u64>,
}

impl Histogram {
    pub fn new(ctx: Arc<CudaContext>, nbins: usize) -> Self {
        Histogram { ctx, nbins, counts: vec![0; nbins] }
    }

    fn prepare_bins(&self) -> anyhow::Result<PinnedHostSlice<u32>> {
        Ok(unsafe { self.ctx.alloc_host::<u32>(self.nbins) }?)
    }
}

impl Stage for Histogram {
    fn name(&self) -> &str {
        "histogram"
    }

    fn process(&mut self, batch: &Batch) -> anyhow::Result<()> {
        let mut bins = self.prepare_bins()?;
        let b = bins.as_mut_slice()?;
        for &v in &batch.values {
            let i = ((v.max(0.0) * 10.0) as usize).min(self.nbins - 1);
            b[i] += 1;
        }
        for (c, &n) in self.counts.iter_mut().zip(b.iter()) {
            *c += n as u64;
        }
        Ok(())
    }
}
