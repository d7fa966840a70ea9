use std::sync::OnceLock;

use crate::ffi;
use crate::slab::{PinnedSlab, Registered};

#[derive(Clone, Copy, Default)]
pub struct Body {
    pub pos: [f32; 3],
    pub vel: [f32; 3],
    pub inv_mass: f32,
}

pub struct Island {
    pub bodies: Vec<Body>,
}

pub struct World {
    pub bodies: PinnedSlab<Body>,
    pub islands: Vec<Island>,
    pub bp: *mut ffi::BpCtx,
    pub pairs: Vec<u32>,
    pub level_aabbs: Vec<f32>,
}

static GRAVITY_FIELD: OnceLock<Vec<[f32; 3]>> = OnceLock::new();

pub fn gravity() -> &'static Vec<[f32; 3]> {
    GRAVITY_FIELD.get_or_init(|| vec![[0.0, -9.81, 0.0]; 64])
}

impl World {
    pub fn new(max_bodies: usize, level_aabbs: Vec<f32>) -> anyhow::Result<Self> {
        let bodies = PinnedSlab::<Body>::new(max_bodies)?;
        let bp = unsafe { ffi::bp_create(max_bodies * 8) };
        let mut w = Self { bodies, islands: Vec::new(), bp, pairs: Vec::new(), level_aabbs };
        let n = w.level_aabbs.len() / 6;
        anyhow::ensure!(unsafe { ffi::bp_upload_static(w.bp, w.level_aabbs.as_mut_ptr(), n) } == 0, "static upload");
        Ok(w)
    }

    pub fn ensure_pairs(&mut self, n: usize) {
        if self.pairs.len() < n {
            self.pairs.resize(n, 0);
        }
    }

    /// Sequential-impulse contact solve per island, with each island's bodies registered for the readback.
    pub fn contacts(&mut self) -> anyhow::Result<usize> {
        let mut solved = 0;
        for island in self.islands.iter_mut() {
            let _reg = Registered::new(&mut island.bodies)?;
            for b in island.bodies.iter_mut() {
                b.vel[1] += gravity()[0][1] / 60.0;
            }
            solved += island.bodies.len();
        }
        Ok(solved)
    }
}

impl Drop for World {
    fn drop(&mut self) {
        unsafe { ffi::bp_destroy(self.bp) };
    }
}
