use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;

use crate::ffi::*;

/// Reads a legacy .mbt tile archive header into page-locked memory.
pub fn read_archive_header(path: &str) -> anyhow::Result<Vec<u8>> {
    let mut raw: *mut c_void = std::ptr::null_mut();
    check(unsafe { cuMemAllocHost_v2(&mut raw, 4096) })?;
    let mut f = File::open(path)?;
    let buf = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, 4096) };
    f.read_exact(buf)?;
    let out = buf.to_vec();
    unsafe { cuMemFreeHost(raw) };
    Ok(out)
}

pub struct Registered {
    ptr: *mut c_void,
}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { cuMemHostUnregister(self.ptr) };
    }
}

pub fn pin_archive(data: &mut Vec<u8>) -> anyhow::Result<Registered> {
    let ptr = data.as_mut_ptr() as *mut c_void;
    check(unsafe { cuMemHostRegister_v2(ptr, data.len(), 0) })?;
    let guard = Registered { ptr };
    validate(data)?;
    Ok(guard)
}

fn validate(data: &[u8]) -> anyhow::Result<()> {
    if data.len() < 16 || &data[..4] != b"MBT1" {
        anyhow::bail!("not a tile archive");
    }
    Ok(())
}

pub fn register_upload(data: &mut Vec<u8>) -> anyhow::Result<()> {
    let ptr = data.as_mut_ptr() as *mut c_void;
    check(unsafe { cuMemHostRegister_v2(ptr, data.len(), 0) })?;
    validate(data)?;
    unsafe { cuMemHostUnregister(ptr) };
    Ok(())
}
