//! Dynamic batching: requests that arrive within a window are packed and uploaded together.

use std::os::raw::c_void;
use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;

use crate::ffi::{self, CUdeviceptr, CUstream};
use crate::pinned::PinnedBuf;
use crate::{check, CuError};

pub struct Request {
    pub id: u64,
    pub tokens: Vec<i32>,
}

pub struct Batcher {
    rx: Receiver<Request>,
    window: Duration,
    max_batch: usize,
}

impl Batcher {
    pub fn new(rx: Receiver<Request>, window: Duration, max_batch: usize) -> Self {
        Self { rx, window, max_batch }
    }

    pub fn next_batch(&self) -> Vec<Request> {
        let mut out = Vec::new();
        let deadline = Instant::now() + self.window;
        while out.len() < self.max_batch {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(r) => out.push(r),
                Err(_) => break,
            }
        }
        out
    }

    /// Uploads each request's tokens to its slice of `d_tokens` (row stride `max_len`).
    pub fn upload(&self, batch: &[Request], d_tokens: CUdeviceptr, max_len: usize, stream: CUstream) -> Result<(), CuError> {
        for (row, req) in batch.iter().enumerate() {
            let n = req.tokens.len().min(max_len);
            let mut host = PinnedBuf::<i32>::new(n)?;
            host.as_mut_slice().copy_from_slice(&req.tokens[..n]);
            check(unsafe {
                ffi::cuMemcpyHtoDAsync_v2(d_tokens + (row * max_len * 4) as u64, host.as_ptr() as *const c_void, n * 4, stream)
            })?;
            check(unsafe { ffi::cuStreamSynchronize(stream) })?;
        }
        Ok(())
    }
}
