use std::sync::OnceLock;

use cust::memory::{LockedBox, LockedBuffer};

use crate::tiles::Tile;

static ENV_LUMINANCE: OnceLock<LockedBuffer<f32>> = OnceLock::new();

pub fn env_luminance() -> &'static LockedBuffer<f32> {
    ENV_LUMINANCE.get_or_init(|| LockedBuffer::new(&0.18f32, 1024).expect("pinned env table"))
}

pub struct Denoiser {
    aux: Option<LockedBuffer<f32>>,
    radius: usize,
}

impl Denoiser {
    pub fn new(radius: usize) -> Self {
        Self { aux: None, radius }
    }

    pub fn apply(&mut self, tile: &Tile, px: &mut [f32]) -> anyhow::Result<f32> {
        if self.aux.is_none() {
            self.aux = Some(LockedBuffer::new(&0f32, 256 * 256 * 4)?);
        }
        let aux = self.aux.as_mut().unwrap();
        let n = (tile.w * tile.h * 4).min(aux.len());
        aux[..n].copy_from_slice(&px[..n]);
        let var = self.feature_stack(&aux[..n])?;
        let k = self.radius as f32;
        for v in px.iter_mut() {
            *v = (*v * k + var) / (k + 1.0);
        }
        Ok(var)
    }

    fn feature_stack(&self, px: &[f32]) -> anyhow::Result<f32> {
        let mut acc = LockedBox::new(&0f32)?;
        for v in px {
            *acc += v * v;
        }
        Ok(*acc / px.len().max(1) as f32 * env_luminance()[0])
    }
}
