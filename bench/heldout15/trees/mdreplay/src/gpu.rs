use anyhow::Result;
use cust::memory::{DeviceBuffer, LockedBuffer};

use crate::capture::Frame;

/// A day's frames packed for the GPU book kernels: the page-locked copy and its device twin.
pub struct Batch {
    pub host: LockedBuffer<u64>,
    pub dev: DeviceBuffer<u64>,
}

pub fn stage_batch(frames: &[Frame]) -> Result<Batch> {
    let packed: Vec<u64> = frames.iter().map(Frame::pack).collect();
    let host = LockedBuffer::from_slice(&packed)?;
    let dev = DeviceBuffer::from_slice(&host)?;
    Ok(Batch { host, dev })
}
