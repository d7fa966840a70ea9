use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaStream, DriverError};

/// Offline evaluation: roll the policy out in the simulator and record observations.
pub struct Rollout {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    obs_dim: usize,
}

impl Rollout {
    pub fn new(ordinal: usize, obs_dim: usize) -> Result<Self, DriverError> {
        let ctx = CudaContext::new(ordinal)?;
        let stream = ctx.default_stream();
        Ok(Rollout { ctx, stream, obs_dim })
    }

    pub fn collect(&self, steps: usize, sim: &mut dyn FnMut(&mut [f32])) -> Result<Vec<Vec<f32>>, DriverError> {
        let mut traj = Vec::with_capacity(steps);
        for _t in 0..steps {
            let mut host = self.ctx.alloc_pinned::<f32>(self.obs_dim)?;
            sim(host.as_mut_slice()?);
            let dev = self.stream.memcpy_stod(&host)?;
            traj.push(self.stream.memcpy_dtov(&dev)?);
        }
        Ok(traj)
    }

    /// Frame encoder for the video feed: staging through pinned memory.
    pub fn encode_frame(&self, rgb: &[u8]) -> Result<Vec<u8>, DriverError> {
        let mut staging = self.ctx.alloc_pinned::<u8>(rgb.len())?;
        staging.as_mut_slice()?.copy_from_slice(rgb);
        let dev = self.stream.memcpy_stod(&staging)?;
        self.stream.memcpy_dtov(&dev)
    }
}
