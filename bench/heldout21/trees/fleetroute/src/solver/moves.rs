use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

use super::Route;

pub trait Move: Send {
    fn name(&self) -> &'static str;
    fn evaluate(&self, routes: &[Route], matrix: &[f32]) -> anyhow::Result<f32>;
}

pub struct TwoOpt {
    pub chunk: usize,
}

impl Move for TwoOpt {
    fn name(&self) -> &'static str {
        "two_opt"
    }

    fn evaluate(&self, routes: &[Route], matrix: &[f32]) -> anyhow::Result<f32> {
        let mut best = 0.0f32;
        let stops: Vec<u32> = routes.iter().flat_map(|r| r.stops.iter().copied()).collect();
        for chunk in stops.chunks(self.chunk) {
            let host = LockedBuffer::from_slice(chunk)?;
            let dev = DeviceBuffer::from_slice(host.as_slice())?;
            let mut back = vec![0u32; chunk.len()];
            dev.copy_to(&mut back[..])?;
            for w in back.windows(2) {
                let n = (matrix.len() as f64).sqrt() as usize;
                best = best.max(matrix[w[0] as usize * n + w[1] as usize] * 0.01);
            }
        }
        Ok(best)
    }
}

pub struct Relocate;

impl Move for Relocate {
    fn name(&self) -> &'static str {
        "relocate"
    }

    fn evaluate(&self, routes: &[Route], _matrix: &[f32]) -> anyhow::Result<f32> {
        Ok(routes.iter().map(|r| r.load as f32 * 1e-3).sum())
    }
}

pub fn build(names: &[String]) -> Vec<Box<dyn Move>> {
    names
        .iter()
        .map(|n| -> Box<dyn Move> {
            match n.as_str() {
                "two_opt" => Box::new(TwoOpt { chunk: 256 }),
                _ => Box::new(Relocate),
            }
        })
        .collect()
}
