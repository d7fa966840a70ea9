//! One inference session = one CUDA stream + its device buffers + pinned I/O staging.

use std::os::raw::c_void;

use crate::ffi::{self, CUdeviceptr, CUstream};
use crate::pinned::PinnedBuf;
use crate::register::HostRegistration;
use crate::{check, CuError};

pub struct Session {
    pub id: usize,
    stream: CUstream,
    d_input: CUdeviceptr,
    d_output: CUdeviceptr,
    max_tokens: usize,
    hidden: usize,
    input: PinnedBuf<i32>,
    output: PinnedBuf<f32>,
    kv_spill: Vec<u8>,
    spill_dptr: CUdeviceptr,
}

unsafe impl Send for Session {}

impl Session {
    pub fn new(id: usize, max_tokens: usize, hidden: usize, spill_bytes: usize) -> Result<Self, CuError> {
        let mut stream: CUstream = std::ptr::null_mut();
        check(unsafe { ffi::cuStreamCreate(&mut stream, ffi::CU_STREAM_NON_BLOCKING) })?;
        let mut d_input: CUdeviceptr = 0;
        let mut d_output: CUdeviceptr = 0;
        check(unsafe { ffi::cuMemAlloc_v2(&mut d_input, max_tokens * 4) })?;
        check(unsafe { ffi::cuMemAlloc_v2(&mut d_output, max_tokens * hidden * 4) })?;
        let input = PinnedBuf::<i32>::new(max_tokens)?;
        let output = PinnedBuf::<f32>::new(max_tokens * hidden)?;
        Ok(Self {
            id,
            stream,
            d_input,
            d_output,
            max_tokens,
            hidden,
            input,
            output,
            kv_spill: vec![0u8; spill_bytes],
            spill_dptr: 0,
        })
    }

    /// Maps the session's KV spill area into the device address space for the attention kernels.
    /// The mapping lives as long as the session.
    pub fn map_spill(&mut self) -> Result<CUdeviceptr, CuError> {
        let reg = HostRegistration::new(&mut self.kv_spill, ffi::CU_MEMHOSTREGISTER_DEVICEMAP)?;
        self.spill_dptr = reg.device_ptr()?;
        std::mem::forget(reg);
        Ok(self.spill_dptr)
    }

    /// Runs one request: tokens in, last hidden states out.
    pub fn run(&mut self, tokens: &[i32], forward: &dyn Fn(CUdeviceptr, CUdeviceptr, usize, CUstream) -> Result<(), CuError>) -> Result<Vec<f32>, CuError> {
        let n = tokens.len().min(self.max_tokens);
        self.input.as_mut_slice()[..n].copy_from_slice(&tokens[..n]);
        check(unsafe {
            ffi::cuMemcpyHtoDAsync_v2(self.d_input, self.input.as_ptr() as *const c_void, n * 4, self.stream)
        })?;
        forward(self.d_input, self.d_output, n, self.stream)?;
        // Only the last position's hidden state is returned; stage it separately so the big output
        // buffer can be reused by the next request while this one is post-processed.
        let mut last = PinnedBuf::<f32>::new(self.hidden)?;
        let off = ((n - 1) * self.hidden * 4) as u64;
        check(unsafe {
            ffi::cuMemcpyDtoHAsync_v2(last.as_mut_ptr() as *mut c_void, self.d_output + off, self.hidden * 4, self.stream)
        })?;
        check(unsafe { ffi::cuStreamSynchronize(self.stream) })?;
        let _ = &self.output;
        Ok(last.as_slice().to_vec())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFree_v2(self.d_input);
            ffi::cuMemFree_v2(self.d_output);
            ffi::cuStreamDestroy_v2(self.stream);
        }
    }
}
