use std::sync::Arc;

use cudarc::driver::CudaContext;

use crate::config::Config;
use crate::decoder::Batch;
use crate::stages::{downsample::Downsample, histogram::Histogram};

pub trait Stage: Send {
    fn name(&self) -> &str;
    fn process(&mut self, batch: &Batch) -> anyhow::Result<()>;
}

pub fn build_pipeline(ctx: &Arc<CudaContext>, cfg: &Config) -> anyhow::Result<Vec<Box<dyn Stage>>> {
    let mut v: Vec<Box<dyn Stage>> = Vec::new();
    for s in &cfg.stages {
        match s.as_str() {
            "histogram" => v.push(Box::new(Histogram::new(ctx.clone(), 256))),
            "downsample" => v.push(Box::new(Downsample::new(ctx.clone(), cfg.max_batch, cfg.downsample_factor)?)),
            other => anyhow::bail!("unknown stage {other}"),
        }
    }
    Ok(v)
}
