use std::sync::OnceLock;

use anyhow::Result;

use crate::pinned::{PinnedVec, Registered};

const LUT_STEPS: usize = 1025;

fn bernstein_table() -> Vec<f32> {
    let mut t = Vec::with_capacity(LUT_STEPS * 4);
    for i in 0..LUT_STEPS {
        let u = i as f32 / (LUT_STEPS - 1) as f32;
        let v = 1.0 - u;
        t.extend_from_slice(&[v * v * v, 3.0 * u * v * v, 3.0 * u * u * v, u * u * u]);
    }
    t
}

static BERNSTEIN: OnceLock<Registered<'static>> = OnceLock::new();

/// Cubic Bernstein weights at LUT_STEPS parameter values, registered for the GPU once.
pub fn bernstein() -> &'static [f32] {
    BERNSTEIN
        .get_or_init(|| {
            let table: &'static [f32] = Box::leak(bernstein_table().into_boxed_slice());
            Registered::new(table).expect("register Bernstein table")
        })
        .as_slice()
}

pub fn weights_at(u: f32) -> [f32; 4] {
    let lut = bernstein();
    let i = ((u.clamp(0.0, 1.0)) * (LUT_STEPS - 1) as f32).round() as usize * 4;
    [lut[i], lut[i + 1], lut[i + 2], lut[i + 3]]
}

/// Triangle-index scratch reused by every job; grows to the largest job seen.
#[derive(Default)]
pub struct Scratch {
    buf: Option<PinnedVec<i32>>,
}

impl Scratch {
    pub fn ensure(&mut self, n: usize) -> Result<&mut [i32]> {
        let cap = self.buf.as_ref().map_or(0, |b| b.len());
        if n > cap {
            self.buf = Some(PinnedVec::new(n.next_power_of_two())?);
        }
        Ok(&mut self.buf.as_mut().unwrap().as_mut_slice()[..n])
    }
}
