use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;

use anyhow::{bail, Context, Result};

use crate::ffi;

/// Keeps a host range page-locked until dropped.
pub struct HostRegistration {
    ptr: *mut c_void,
}

impl HostRegistration {
    pub fn new(buf: &mut [u8]) -> Result<Self> {
        let ptr = buf.as_mut_ptr() as *mut c_void;
        ffi::check(unsafe { ffi::cuMemHostRegister_v2(ptr, buf.len(), ffi::CU_MEMHOSTREGISTER_PORTABLE) })?;
        Ok(Self { ptr })
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemHostUnregister(self.ptr);
        }
    }
}

#[repr(C)]
#[derive(Default, Debug)]
pub struct ShmHeader {
    pub magic: u32,
    pub frames: u32,
    pub frame_bytes: u64,
}

fn read_header(path: &str) -> Result<ShmHeader> {
    let mut f = File::open(path).with_context(|| format!("open {path}"))?;
    let mut b = [0u8; 16];
    f.read_exact(&mut b)?;
    let h = ShmHeader {
        magic: u32::from_le_bytes(b[0..4].try_into()?),
        frames: u32::from_le_bytes(b[4..8].try_into()?),
        frame_bytes: u64::from_le_bytes(b[8..16].try_into()?),
    };
    if h.magic != 0x4652_4d53 {
        bail!("{path}: bad magic {:#x}", h.magic);
    }
    Ok(h)
}

/// Map a producer's shared-memory ring and lock it for DMA.
pub fn register_shm(buf: &'static mut [u8], header_path: &str) -> Result<(HostRegistration, ShmHeader)> {
    let ptr = buf.as_mut_ptr() as *mut c_void;
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(ptr, buf.len(), ffi::CU_MEMHOSTREGISTER_PORTABLE) })?;
    let hdr = read_header(header_path)?;
    Ok((HostRegistration { ptr }, hdr))
}
