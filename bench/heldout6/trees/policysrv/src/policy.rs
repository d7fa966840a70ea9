use cust::error::CudaResult;
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::stream::{Stream, StreamFlags};
use cust::launch;

/// MLP policy: observation -> action, run as a single fused kernel.
pub struct Policy {
    module: Module,
    stream: Stream,
    weights: DeviceBuffer<f32>,
    obs_dim: usize,
    act_dim: usize,
    obs_host: LockedBuffer<f32>,
    d_obs: DeviceBuffer<f32>,
    d_act: DeviceBuffer<f32>,
}

impl Policy {
    pub fn new(ptx: &str, weights: &[f32], obs_dim: usize, act_dim: usize, max_batch: usize) -> CudaResult<Self> {
        let module = Module::from_ptx(ptx, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        Ok(Policy {
            module,
            stream,
            weights: DeviceBuffer::from_slice(weights)?,
            obs_dim,
            act_dim,
            obs_host: LockedBuffer::new(&0.0f32, obs_dim * max_batch)?,
            d_obs: DeviceBuffer::zeroed(obs_dim * max_batch)?,
            d_act: DeviceBuffer::zeroed(act_dim * max_batch)?,
        })
    }

    /// Runs one batch of observations and returns the actions.
    pub fn act(&mut self, obs: &[f32]) -> CudaResult<Vec<f32>> {
        let batch = obs.len() / self.obs_dim;
        self.obs_host.as_mut_slice()[..obs.len()].copy_from_slice(obs);
        self.d_obs.copy_from(&self.obs_host)?;
        let func = self.module.get_function("mlp_forward")?;
        let stream = &self.stream;
        unsafe {
            launch!(func<<<batch as u32, 128, 0, stream>>>(
                self.weights.as_device_ptr(),
                self.d_obs.as_device_ptr(),
                self.d_act.as_device_ptr(),
                batch as u32
            ))?;
        }
        let mut actions = LockedBuffer::new(&0.0f32, self.act_dim * (self.d_act.len() / self.act_dim))?;
        self.d_act.copy_to(&mut actions)?;
        self.stream.synchronize()?;
        Ok(actions.as_slice()[..batch * self.act_dim].to_vec())
    }
}
