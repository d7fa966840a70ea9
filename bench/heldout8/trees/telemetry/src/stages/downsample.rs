use std::sync::Arc;

use cudarc::driver::{CudaContext, PinnedHostSlice};

use crate::decoder::Batch;
use crate::stage::Stage;

pub struct Downsample {
    out: PinnedHostSlice<f32>,
    factor: usize,
    pub emitted: usize,
}

impl Downsample {
    pub fn new(ctx: Arc<CudaContext>, max_batch: usize, factor: usize) -> anyhow::Result<Self> {
        let out = unsafe { ctx.alloc_pinned::<f32>(max_batch / factor.max(1) + 1) }?;
        Ok(Downsample { out, factor: factor.max(1), emitted: 0 })
    }
}

impl Stage for Downsample {
    fn name(&self) -> &str {
        "downsample"
    }

    fn process(&mut self, batch: &Batch) -> anyhow::Result<()> {
        let out = self.out.as_mut_slice()?;
        let mut n = 0;
        for chunk in batch.values.chunks(self.factor) {
            if n < out.len() {
                out[n] = chunk.iter().sum::<f32>() / chunk.len() as f32;
                n += 1;
            }
        }
        self.emitted += n;
        Ok(())
    }
}
