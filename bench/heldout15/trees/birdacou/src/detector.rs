use anyhow::Result;
use cust::memory::LockedBuffer;

use crate::capture::Block;
use crate::frontend::Frontend;
use crate::model::Model;

#[derive(Debug, Clone)]
pub struct Detection {
    pub seq: u64,
    pub species: usize,
    pub score: f32,
    pub clip: Vec<f32>,
}

pub struct Detector {
    frontends: Vec<Box<dyn Frontend>>,
    model: Model,
    threshold: f32,
    scratch: Option<LockedBuffer<f32>>,
    detections: Vec<Detection>,
}

impl Detector {
    pub fn new(frontends: Vec<Box<dyn Frontend>>, model: Model, threshold: f32) -> Self {
        Self { frontends, model, threshold, scratch: None, detections: Vec::new() }
    }

    pub fn on_block(&mut self, block: &Block) -> Result<()> {
        let mut feats = Vec::new();
        for fe in self.frontends.iter_mut() {
            feats.extend(fe.process(block)?);
        }
        if self.scratch.is_none() {
            self.scratch = Some(LockedBuffer::new(&0f32, feats.len())?);
        }
        let scratch = self.scratch.as_mut().unwrap();
        let n = feats.len().min(scratch.len());
        scratch[..n].copy_from_slice(&feats[..n]);
        let scores = self.model.infer(&scratch[..n])?;
        for (species, &score) in scores.iter().enumerate() {
            if score >= self.threshold {
                self.detections.push(Detection { seq: block.seq, species, score, clip: block.as_f32() });
            }
        }
        // hand the page-locked pages back between blocks: the capture ring shares the budget
        self.scratch = None;
        Ok(())
    }

    pub fn pending(&self) -> usize {
        self.detections.len()
    }

    pub fn take_detections(&mut self) -> Vec<Detection> {
        std::mem::take(&mut self.detections)
    }
}
