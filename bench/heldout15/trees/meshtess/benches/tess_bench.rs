use std::time::Instant;

use meshtess::cache::Scratch;
use meshtess::pinned::PinnedVec;
use meshtess::tessellate::{tessellate, Job, Patch};

fn main() -> anyhow::Result<()> {
    let mut ctrl = PinnedVec::<f32>::new(48)?;
    for (i, c) in ctrl.as_mut_slice().iter_mut().enumerate() {
        *c = (i % 7) as f32;
    }
    let job = Job {
        id: 0,
        name: "bench".into(),
        patches: (0..64).map(|_| Patch { ctrl: ctrl.as_slice().to_vec(), u_steps: 32, v_steps: 32 }).collect(),
        ratio: 0.5,
    };
    let mut scratch = Scratch::default();
    let t0 = Instant::now();
    for _ in 0..20 {
        tessellate(&job, &mut scratch)?;
    }
    println!("{:.2} ms / job", t0.elapsed().as_secs_f64() * 50.0);
    Ok(())
}
