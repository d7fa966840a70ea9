use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::{CudaContext, CudaSlice, DriverError, PinnedHostSlice};

static STAGING: OnceLock<Mutex<PinnedHostSlice<u8>>> = OnceLock::new();

pub struct Uploader {
    ctx: Arc<CudaContext>,
}

impl Uploader {
    pub fn new(ordinal: usize) -> Result<Self, DriverError> {
        Ok(Self { ctx: CudaContext::new(ordinal)? })
    }

    fn staging(&self, len: usize) -> Result<&'static Mutex<PinnedHostSlice<u8>>, DriverError> {
        if let Some(s) = STAGING.get() {
            return Ok(s);
        }
        let slice = unsafe { self.ctx.alloc_pinned::<u8>(len)? };
        Ok(STAGING.get_or_init(|| Mutex::new(slice)))
    }

    /// Small control payloads go through the shared staging block.
    pub fn upload_small(&self, data: &[u8]) -> Result<CudaSlice<u8>, DriverError> {
        let stream = self.ctx.default_stream();
        let staging = self.staging(1 << 20)?;
        let mut guard = staging.lock().unwrap();
        let host = guard.as_mut_slice()?;
        host[..data.len()].copy_from_slice(data);
        stream.memcpy_stod(&host[..data.len()])
    }

    /// Copy `data` into a fresh device buffer.
    pub fn upload(&self, data: &[u8]) -> Result<CudaSlice<u8>, DriverError> {
        let stream = self.ctx.default_stream();
        let mut pinned = unsafe { self.ctx.alloc_pinned::<u8>(data.len())? };
        pinned.as_mut_slice()?.copy_from_slice(data);
        let dev = stream.memcpy_stod(&pinned)?;
        stream.synchronize()?;
        Ok(dev)
    }
}
