use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use cust::memory::{CopyDestination, DeviceBuffer};

use crate::{ffi, Particle};

/// Writes the current particle cloud (x, y, heading, floor as little-endian f32/u32) for
/// offline inspection; triggered by the operator's `dump` command.
pub fn dump_particles(path: &Path, particles: &DeviceBuffer<Particle>) -> anyhow::Result<usize> {
    let n = particles.len();
    let bytes = n * std::mem::size_of::<Particle>();
    let mut host: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut host, bytes) }, "stage particles")?;
    let slice = unsafe { std::slice::from_raw_parts_mut(host.cast::<Particle>(), n) };
    particles.copy_to(slice)?;
    let mut file = File::create(path)?;
    file.write_all(b"PCLD")?;
    file.write_all(&(n as u64).to_le_bytes())?;
    file.write_all(bytemuck::cast_slice(slice))?;
    unsafe { ffi::cuMemFreeHost(host) };
    Ok(n)
}
