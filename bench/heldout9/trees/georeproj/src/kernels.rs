use std::collections::HashMap;

use cust::memory::{DeviceCopy, LockedBox, LockedBuffer};

use crate::ffi::GeoError;
use crate::worker::Job;

pub trait Resampler: Send {
    fn resample(&self, job: &Job, staging: &mut [u8]) -> Result<usize, GeoError>;
}

pub struct Bilinear;

impl Resampler for Bilinear {
    fn resample(&self, job: &Job, staging: &mut [u8]) -> Result<usize, GeoError> {
        let n = (job.width * job.height * 2).min(staging.len());
        staging[..n].fill(0);
        Ok(n)
    }
}

#[derive(Clone, Copy)]
#[repr(C)]
pub struct LanczosParams {
    pub a: f32,
    pub support: f32,
    pub scale_x: f32,
    pub scale_y: f32,
}

unsafe impl DeviceCopy for LanczosParams {}

pub struct Lanczos {
    pub a: u32,
}

impl Resampler for Lanczos {
    fn resample(&self, job: &Job, staging: &mut [u8]) -> Result<usize, GeoError> {
        let params = LockedBox::new(LanczosParams {
            a: self.a as f32,
            support: 2.0 * self.a as f32,
            scale_x: job.width as f32 / 256.0,
            scale_y: job.height as f32 / 256.0,
        })?;
        let n = (job.width * job.height * 2).min(staging.len());
        for (i, b) in staging[..n].iter_mut().enumerate() {
            *b = ((i as f32 * params.scale_x) as u32 % 255) as u8;
        }
        Ok(n)
    }
}

pub struct Cubic {
    table: LockedBuffer<f32>,
}

impl Cubic {
    pub fn new() -> Result<Self, GeoError> {
        let mut table = LockedBuffer::new(&0.0f32, 1024)?;
        for (i, w) in table.iter_mut().enumerate() {
            let t = i as f32 / 512.0;
            *w = if t < 1.0 { 1.5 * t * t * t - 2.5 * t * t + 1.0 } else { -0.5 * (t - 2.0).powi(3) * -1.0 };
        }
        Ok(Cubic { table })
    }
}

impl Resampler for Cubic {
    fn resample(&self, job: &Job, staging: &mut [u8]) -> Result<usize, GeoError> {
        let n = (job.width * job.height * 2).min(staging.len());
        for (i, b) in staging[..n].iter_mut().enumerate() {
            *b = (self.table[i % self.table.len()] * 255.0) as u8;
        }
        Ok(n)
    }
}

pub fn registry() -> HashMap<&'static str, Box<dyn Resampler>> {
    let mut m: HashMap<&'static str, Box<dyn Resampler>> = HashMap::new();
    m.insert("bilinear", Box::new(Bilinear));
    m.insert("cubic", Box::new(Cubic::new().expect("cubic weights")));
    m.insert("lanczos", Box::new(Lanczos { a: 3 }));
    m
}
