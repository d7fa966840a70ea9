use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaSlice, CudaStream, DriverError};

/// Results written by the device-side consumers are read back on request.
pub struct ReadbackService {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    results: CudaSlice<u8>,
}

impl ReadbackService {
    pub fn new(ordinal: usize, arena_bytes: usize) -> Result<Self, DriverError> {
        let ctx = CudaContext::new(ordinal)?;
        let stream = ctx.new_stream()?;
        let results = stream.alloc_zeros::<u8>(arena_bytes)?;
        Ok(Self { ctx, stream, results })
    }

    pub fn readback(&self, offset: u64, len: usize) -> Result<Vec<u8>, DriverError> {
        let start = offset as usize;
        let mut host = unsafe { self.ctx.alloc_pinned::<u8>(len) }?;
        self.stream.memcpy_dtoh(&self.results.slice(start..start + len), &mut host)?;
        self.stream.synchronize()?;
        Ok(host.as_slice()?.to_vec())
    }
}
