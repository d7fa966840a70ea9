use anyhow::{bail, Result};

use crate::capture::Block;

pub mod mel;
pub mod pcen;

/// A feature extractor; `process` runs on every captured block.
pub trait Frontend {
    fn name(&self) -> &'static str;
    fn process(&mut self, block: &Block) -> Result<Vec<f32>>;
}

pub fn build(names: &[String], sample_rate: u32, block_len: usize) -> Result<Vec<Box<dyn Frontend>>> {
    let mut out: Vec<Box<dyn Frontend>> = Vec::new();
    for name in names {
        match name.as_str() {
            "mel" => out.push(Box::new(mel::MelFrontend::new(sample_rate, block_len)?)),
            "pcen" => out.push(Box::new(pcen::PcenFrontend::new(sample_rate)?)),
            other => bail!("unknown front-end {other}"),
        }
    }
    Ok(out)
}
