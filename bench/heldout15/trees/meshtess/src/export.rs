use std::ffi::c_void;
use std::path::Path;

use anyhow::{ensure, Result};
use serde::Serialize;

use crate::ffi::{cuMemAllocHost_v2, cuMemFreeHost, cudaHostRegister, cudaHostUnregister};
use crate::tessellate::Mesh;

#[derive(Debug, Clone, Serialize)]
pub struct JobRecord {
    pub id: u64,
    pub name: String,
    pub tris: usize,
}

fn encode_stl(mesh: &Mesh, out: &mut [u8]) {
    out[..80].fill(0);
    out[80..84].copy_from_slice(&(mesh.n_tris() as u32).to_le_bytes());
    for (t, tri) in mesh.tris.chunks_exact(3).enumerate() {
        let rec = &mut out[84 + t * 50..84 + (t + 1) * 50];
        rec[..12].fill(0);
        for (k, &vi) in tri.iter().enumerate() {
            let v = &mesh.verts[vi as usize * 3..vi as usize * 3 + 3];
            for c in 0..3 {
                rec[12 + k * 12 + c * 4..16 + k * 12 + c * 4].copy_from_slice(&v[c].to_le_bytes());
            }
        }
        rec[48..50].fill(0);
    }
}

pub fn write_stl(mesh: &Mesh, path: &Path) -> Result<()> {
    let bytes = 84 + mesh.n_tris() * 50;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cuMemAllocHost_v2(&mut p, bytes) };
    ensure!(rc == 0, "cuMemAllocHost_v2 failed: {rc}");
    let buf = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, bytes) };
    encode_stl(mesh, buf);
    std::fs::write(path, &buf[..])?;
    unsafe { cuMemFreeHost(p) };
    Ok(())
}

/// Run summary, written once when the spool is drained.
pub fn write_manifest(records: &[JobRecord], path: &Path) -> Result<()> {
    let mut text = serde_json::to_vec_pretty(records)?;
    let ptr = text.as_mut_ptr() as *mut c_void;
    let rc = unsafe { cudaHostRegister(ptr, text.len(), 0) };
    ensure!(rc == 0, "cudaHostRegister failed: {rc}");
    let checksum = text.iter().fold(0u32, |acc, b| acc.rotate_left(5) ^ u32::from(*b));
    unsafe { cudaHostUnregister(ptr) };
    text.extend_from_slice(format!("\n// crc {checksum:08x}\n").as_bytes());
    std::fs::write(path, &text)?;
    Ok(())
}
