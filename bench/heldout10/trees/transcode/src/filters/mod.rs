//! GPU filters applied to every decoded frame, built by name from the worker config.
use anyhow::{bail, Result};
use cust::memory::DeviceBuffer;
use cust::module::Module;
use cust::stream::Stream;

use crate::config::FilterSpec;

pub mod overlay;
pub mod scale;

pub struct DeviceFrame {
    pub data: DeviceBuffer<u8>,
    pub width: u32,
    pub height: u32,
    pub pts: u64,
}

pub trait Filter: Send {
    fn name(&self) -> &'static str;
    fn apply(&mut self, frame: &mut DeviceFrame, module: &Module, stream: &Stream) -> Result<()>;
}

pub fn build(spec: &FilterSpec, width: u32, height: u32) -> Result<Box<dyn Filter>> {
    match spec.name.as_str() {
        "scale" => Ok(Box::new(scale::Lanczos::new(width, height, spec.width.unwrap_or(width), spec.height.unwrap_or(height))?)),
        "overlay" => Ok(Box::new(overlay::Timecode::new(spec.text.clone().unwrap_or_default()))),
        other => bail!("unknown filter `{other}`"),
    }
}
