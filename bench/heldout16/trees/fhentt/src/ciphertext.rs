use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use anyhow::{ensure, Result};
use cust::memory::{AsyncCopyDestination, CopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::Stream;

use crate::staging::StagingPool;
use crate::sys;

pub const WIRE_MAGIC: u32 = 0x434b_4b53; // "CKKS"

pub struct Ciphertext {
    pub level: usize,
    pub scale_bits: u32,
    pub c0: DeviceBuffer<u64>,
    pub c1: DeviceBuffer<u64>,
}

impl Ciphertext {
    /// Wire format: magic, level, scale bits, then c0 and c1 limbs (level + 1 limbs of n words).
    pub fn from_wire(bytes: &[u8], n: usize, stream: &Stream, staging: &mut StagingPool) -> Result<Self> {
        ensure!(bytes.len() >= 12, "short ciphertext frame");
        let word = |i: usize| u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap());
        ensure!(word(0) == WIRE_MAGIC, "bad ciphertext magic");
        let level = word(1) as usize;
        let words = 2 * (level + 1) * n;
        ensure!(bytes.len() == 12 + 8 * words, "frame length does not match level {level}");
        let slot = staging.slot(words)?;
        slot.copy_from_slice(bytemuck::cast_slice(&bytes[12..]));
        let half = words / 2;
        let mut c0 = unsafe { DeviceBuffer::uninitialized_async(half, stream)? };
        let mut c1 = unsafe { DeviceBuffer::uninitialized_async(half, stream)? };
        unsafe {
            c0.async_copy_from(&slot[..half], stream)?;
            c1.async_copy_from(&slot[half..], stream)?;
        }
        stream.synchronize()?;
        Ok(Self { level, scale_bits: word(2), c0, c1 })
    }

    /// The result, downloaded for the reply frame.
    pub fn download(&self, stream: &Stream) -> Result<LockedBuffer<u64>> {
        let half = self.c0.len();
        let mut out = LockedBuffer::new(&0u64, 2 * half)?;
        unsafe {
            self.c0.async_copy_to(&mut out[..half], stream)?;
            self.c1.async_copy_to(&mut out[half..], stream)?;
        }
        stream.synchronize()?;
        Ok(out)
    }
}

/// Debug aid: write every ciphertext still held by the worker at shutdown.
pub fn dump_ciphertexts(dir: &Path, cts: &[Ciphertext]) -> Result<()> {
    let total: usize = cts.iter().map(|c| c.c0.len() + c.c1.len()).sum();
    if total == 0 {
        return Ok(());
    }
    let mut raw: *mut c_void = std::ptr::null_mut();
    sys::check(unsafe { sys::cuMemAllocHost_v2(&mut raw, total * 8) })?;
    let host = unsafe { std::slice::from_raw_parts_mut(raw as *mut u64, total) };
    let mut off = 0;
    for ct in cts {
        for part in [&ct.c0, &ct.c1] {
            part.copy_to(&mut host[off..off + part.len()])?;
            off += part.len();
        }
    }
    let mut f = File::create(dir.join("ciphertexts.bin"))?;
    f.write_all(bytemuck::cast_slice(host))?;
    unsafe { sys::cuMemFreeHost(raw) };
    Ok(())
}
