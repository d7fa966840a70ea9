use std::sync::Arc;
use std::thread::JoinHandle;

use cudarc::driver::{CudaContext, PinnedHostSlice};
use crossbeam_channel::Receiver;

pub struct Ingestor {
    ctx: Arc<CudaContext>,
    staging: PinnedHostSlice<u8>,
}

impl Ingestor {
    pub fn new(ctx: Arc<CudaContext>, max_batch: usize) -> anyhow::Result<Self> {
        let staging = unsafe { ctx.alloc_pinned::<u8>(max_batch) }?;
        Ok(Ingestor { ctx, staging })
    }

    pub fn spawn(self, rx: Receiver<Vec<u8>>) -> JoinHandle<anyhow::Result<()>> {
        std::thread::spawn(move || {
            let stream = self.ctx.default_stream();
            let mut dev = stream.alloc_zeros::<u8>(self.staging.len())?;
            while let Ok(batch) = rx.recv() {
                let mut host = unsafe { self.ctx.alloc_pinned::<u8>(batch.len()) }?;
                host.as_mut_slice()?.copy_from_slice(&batch);
                stream.memcpy_htod(&host, &mut dev)?;
                stream.synchronize()?;
            }
            Ok(())
        })
    }
}
