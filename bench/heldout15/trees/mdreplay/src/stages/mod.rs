use anyhow::Result;

use crate::capture::Frame;

pub mod book;
pub mod gaps;
pub mod vwap;

/// One consumer of the replayed frames; `process` is called for every frame in order.
pub trait Stage: Send {
    fn name(&self) -> &'static str;
    fn process(&mut self, frame: &Frame) -> Result<()>;
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }
}
