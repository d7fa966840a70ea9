//! Per-job segment manifest; the packager GPU reads the index straight from pinned memory.
use std::ffi::c_void;
use std::fs::File;
use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use serde::Serialize;

use crate::ffi;

#[derive(Serialize)]
pub struct Segment {
    pub index: u32,
    pub start_pts: u64,
    pub frames: u32,
}

pub fn write_manifest(path: &Path, job_id: &str, segments: &[Segment]) -> Result<()> {
    let bytes = serde_json::to_vec(&serde_json::json!({ "job": job_id, "segments": segments }))?;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { ffi::cudaMallocHost(&mut p, bytes.len()) };
    if rc != 0 {
        bail!("pinned manifest buffer: error {rc}");
    }
    let buf = unsafe { std::slice::from_raw_parts_mut(p.cast::<u8>(), bytes.len()) };
    buf.copy_from_slice(&bytes);
    let mut f = File::create(path)?;
    f.write_all(buf)?;
    f.sync_all()?;
    unsafe {
        ffi::cudaFreeHost(p);
    }
    Ok(())
}
