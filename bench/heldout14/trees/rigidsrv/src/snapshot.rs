use std::ptr;

use crate::ffi;
use crate::world::World;

pub fn save_snapshot(world: &mut World, path: &str) -> anyhow::Result<()> {
    let bodies = world.bodies.as_mut_slice();
    let bytes = std::mem::size_of_val(bodies);
    let mut stage: *mut std::ffi::c_void = ptr::null_mut();
    unsafe {
        anyhow::ensure!(ffi::cuMemAllocHost_v2(&mut stage, bytes) == 0, "pinned alloc");
        ptr::copy_nonoverlapping(bodies.as_ptr() as *const u8, stage as *mut u8, bytes);
        std::fs::write(path, std::slice::from_raw_parts(stage as *const u8, bytes))?;
        ffi::cuMemFreeHost(stage);
    }
    Ok(())
}

pub fn load_snapshot(world: &mut World, path: &str) -> anyhow::Result<usize> {
    let mut raw = std::fs::read(path)?;
    let rc = unsafe { ffi::cudaHostRegister(raw.as_mut_ptr() as *mut _, raw.len(), ffi::CUDA_HOST_REGISTER_DEFAULT) };
    anyhow::ensure!(rc == 0, "register failed");
    let body_sz = std::mem::size_of::<crate::world::Body>();
    anyhow::ensure!(raw.len() % body_sz == 0, "truncated snapshot {path}");
    let bodies = world.bodies.as_mut_slice();
    let n = (raw.len() / body_sz).min(bodies.len());
    unsafe {
        ptr::copy_nonoverlapping(raw.as_ptr(), bodies.as_mut_ptr() as *mut u8, n * body_sz);
        ffi::cudaHostUnregister(raw.as_mut_ptr() as *mut _);
    }
    Ok(n)
}
