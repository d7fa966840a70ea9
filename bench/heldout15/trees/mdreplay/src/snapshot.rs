use std::ffi::c_void;
use std::fs::File;
use std::io::Write;
use std::path::Path;

use anyhow::{ensure, Context, Result};

use crate::ffi::{cuMemAllocHost_v2, cuMemFreeHost};

/// Dump the packed book levels of every symbol (written by the control thread on request).
pub fn write_snapshot(levels: &[u64], path: &Path) -> Result<()> {
    let bytes = levels.len() * 8;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cuMemAllocHost_v2(&mut p, bytes.max(8)) };
    ensure!(rc == 0, "cuMemAllocHost_v2 failed: {rc}");
    unsafe { std::ptr::copy_nonoverlapping(levels.as_ptr() as *const u8, p as *mut u8, bytes) };
    let mut f = File::create(path).with_context(|| format!("create {}", path.display()))?;
    f.write_all(b"MDSNAP01")?;
    f.write_all(unsafe { std::slice::from_raw_parts(p as *const u8, bytes) })?;
    unsafe { cuMemFreeHost(p) };
    Ok(())
}
