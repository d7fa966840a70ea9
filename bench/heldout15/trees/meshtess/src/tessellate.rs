use anyhow::{ensure, Result};
use serde::Deserialize;

use crate::cache::{weights_at, Scratch};
use crate::pinned::{PinnedVec, Registered};

#[derive(Debug, Clone, Deserialize)]
pub struct Patch {
    /// 4x4 control points, row-major, xyz interleaved (48 floats)
    pub ctrl: Vec<f32>,
    pub u_steps: usize,
    pub v_steps: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Job {
    pub id: u64,
    pub name: String,
    pub patches: Vec<Patch>,
    pub ratio: f32,
}

pub struct Mesh {
    pub verts: Vec<f32>,
    pub tris: Vec<i32>,
}

impl Mesh {
    pub fn n_verts(&self) -> usize {
        self.verts.len() / 3
    }
    pub fn n_tris(&self) -> usize {
        self.tris.len() / 3
    }
}

fn eval_patch(ctrl: &[f32], u: f32, v: f32, out: &mut [f32]) {
    let bu = weights_at(u);
    let bv = weights_at(v);
    out[..3].fill(0.0);
    for i in 0..4 {
        for j in 0..4 {
            let w = bu[i] * bv[j];
            let c = &ctrl[(i * 4 + j) * 3..(i * 4 + j) * 3 + 3];
            out[0] += w * c[0];
            out[1] += w * c[1];
            out[2] += w * c[2];
        }
    }
}

pub fn tessellate(job: &Job, scratch: &mut Scratch) -> Result<Mesh> {
    let n_verts: usize = job.patches.iter().map(|p| (p.u_steps + 1) * (p.v_steps + 1)).sum();
    let n_tris: usize = job.patches.iter().map(|p| 2 * p.u_steps * p.v_steps).sum();
    let mut verts = PinnedVec::<f32>::new(n_verts * 3)?;
    let tris = scratch.ensure(n_tris * 3)?;

    let (mut vbase, mut tbase) = (0usize, 0usize);
    for patch in &job.patches {
        ensure!(patch.ctrl.len() == 48, "patch with {} control floats", patch.ctrl.len());
        let ctrl = Registered::new(&patch.ctrl)?;
        let (nu, nv) = (patch.u_steps, patch.v_steps);
        for a in 0..=nu {
            for b in 0..=nv {
                let k = vbase + a * (nv + 1) + b;
                eval_patch(ctrl.as_slice(), a as f32 / nu as f32, b as f32 / nv as f32,
                           &mut verts.as_mut_slice()[k * 3..k * 3 + 3]);
            }
        }
        for a in 0..nu {
            for b in 0..nv {
                let i0 = (vbase + a * (nv + 1) + b) as i32;
                let i1 = i0 + 1;
                let i2 = i0 + (nv + 1) as i32;
                let i3 = i2 + 1;
                tris[tbase..tbase + 6].copy_from_slice(&[i0, i2, i1, i1, i2, i3]);
                tbase += 6;
            }
        }
        vbase += (nu + 1) * (nv + 1);
    }
    Ok(Mesh { verts: verts.as_slice().to_vec(), tris: tris[..tbase].to_vec() })
}
