use anyhow::{ensure, Result};
use cust::memory::{AsyncCopyDestination, DeviceBox, DeviceCopy, LockedBox};
use cust::prelude::*;

use crate::ciphertext::Ciphertext;
use crate::config::WorkerConfig;
use crate::keys::EvalKeys;
use crate::ntt::NttPlan;
use crate::ops::{self, HomOp, OpContext};
use crate::staging::StagingPool;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy)]
pub struct JobHeader {
    pub job_id: u64,
    pub n_ops: u32,
    pub flags: u32,
}

impl JobHeader {
    pub const SIZE: usize = 16;

    fn parse(b: &[u8]) -> Result<Self> {
        ensure!(b.len() >= Self::SIZE, "short job frame");
        Ok(Self {
            job_id: u64::from_le_bytes(b[..8].try_into()?),
            n_ops: u32::from_le_bytes(b[8..12].try_into()?),
            flags: u32::from_le_bytes(b[12..16].try_into()?),
        })
    }
}

pub struct Worker {
    plan: NttPlan,
    keys: EvalKeys,
    stream: Stream,
    staging: StagingPool,
    pipeline: Vec<Box<dyn HomOp>>,
    d_header: DeviceBox<JobHeader>,
    pub held: Vec<Ciphertext>,
}

impl Worker {
    pub fn new(cfg: &WorkerConfig) -> Result<Self> {
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        let plan = NttPlan::new(cfg.ring_degree, &cfg.moduli)?;
        let keys = EvalKeys::load(&cfg.keys, &stream)?;
        let staging = StagingPool::new(cfg.staging_depth, 2 * cfg.limb_words())?;
        let pipeline = cfg.pipeline.iter().map(|n| ops::build(n, cfg)).collect::<Result<Vec<_>>>()?;
        Ok(Self { plan, keys, stream, staging, pipeline, d_header: DeviceBox::new(&JobHeader::default())?, held: vec![] })
    }

    /// Runs one request: parse, upload, every op of the pipeline, download the reply.
    pub fn run_job(&mut self, frame: &[u8]) -> Result<Vec<u8>> {
        let header = LockedBox::new(&JobHeader::parse(frame)?)?;
        unsafe { self.d_header.async_copy_from(&*header, &self.stream)? };
        let mut ct = Ciphertext::from_wire(&frame[JobHeader::SIZE..], self.plan.n, &self.stream, &mut self.staging)?;
        let ctx = OpContext { plan: &self.plan, keys: &self.keys, stream: &self.stream };
        for op in self.pipeline.iter_mut().take(header.n_ops as usize) {
            op.apply(&ctx, &mut ct)?;
        }
        let host = ct.download(&self.stream)?;
        let mut reply = Vec::with_capacity(12 + 8 * host.len());
        reply.extend_from_slice(&crate::ciphertext::WIRE_MAGIC.to_le_bytes());
        reply.extend_from_slice(&(ct.level as u32).to_le_bytes());
        reply.extend_from_slice(&ct.scale_bits.to_le_bytes());
        reply.extend_from_slice(bytemuck::cast_slice(&host));
        if header.flags & 1 != 0 {
            self.held.push(ct);
        }
        Ok(reply)
    }
}
