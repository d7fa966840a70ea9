use crate::ffi;
use crate::slab::PinnedSlab;
use crate::world::World;

/// One fixed-rate simulation step.
pub fn step_world(world: &mut World, dt: f32) -> anyhow::Result<usize> {
    let n = world.bodies.as_mut_slice().len();
    let mut aabbs = PinnedSlab::<f32>::new(n * 6)?;
    {
        let bodies = world.bodies.as_mut_slice();
        let a = aabbs.as_mut_slice();
        for (i, b) in bodies.iter_mut().enumerate() {
            for k in 0..3 {
                b.pos[k] += b.vel[k] * dt;
                a[i * 6 + k] = b.pos[k] - 0.5;
                a[i * 6 + 3 + k] = b.pos[k] + 0.5;
            }
        }
    }
    world.ensure_pairs(n * 16);
    let mut npairs = 0usize;
    let rc = unsafe { ffi::bp_find_pairs(world.bp, aabbs.as_mut_ptr(), n, world.pairs.as_mut_ptr(), &mut npairs) };
    anyhow::ensure!(rc == 0, "broad phase failed");
    world.contacts()?;
    Ok(npairs)
}
