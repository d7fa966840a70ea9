use anyhow::{bail, Result};

use crate::capture::Frame;
use crate::config::Config;
use crate::stages::book::BookBuilder;
use crate::stages::gaps::GapDetector;
use crate::stages::vwap::Vwap;
use crate::stages::Stage;

pub struct Pipeline {
    stages: Vec<Box<dyn Stage>>,
}

impl Pipeline {
    pub fn from_config(cfg: &Config) -> Result<Self> {
        let mut stages: Vec<Box<dyn Stage>> = Vec::new();
        for name in &cfg.stages {
            let stage: Box<dyn Stage> = match name.as_str() {
                "book" => Box::new(BookBuilder::new(cfg.depth)?),
                "vwap" => Box::new(Vwap::new(cfg.symbols)?),
                "gaps" => Box::new(GapDetector::new(1024)?),
                other => bail!("unknown stage {other}"),
            };
            stages.push(stage);
        }
        Ok(Self { stages })
    }

    /// Feed every frame to every stage, in order.
    pub fn run(&mut self, frames: &[Frame]) -> Result<()> {
        let stages = &mut self.stages;
        frames.iter().try_for_each(|f| stages.iter_mut().try_for_each(|s| s.process(f)))
    }

    pub fn flush(&mut self) -> Result<()> {
        self.stages.iter_mut().try_for_each(|s| s.flush())
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.stages.iter().map(|s| s.name()).collect()
    }
}
