//! Detector error model export for the offline tools.
use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{check, cuMemHostRegister_v2, cuMemHostUnregister};
use crate::graph::MatchingGraph;
use crate::Result;

/// Serialises the graph as a flat DEM (edge list + weights) into `buf` and writes it out.
/// `buf` is registered while the checksum kernel reads it.
pub fn export_dem(graph: &MatchingGraph, buf: &mut Vec<u8>, path: &Path) -> Result<()> {
    buf.clear();
    for (det, row) in graph.adjacency.chunks(graph.max_degree).enumerate() {
        for e in row.iter().filter(|e| **e >= 0) {
            buf.extend_from_slice(&(det as u32).to_le_bytes());
            buf.extend_from_slice(&(*e as u32).to_le_bytes());
            buf.extend_from_slice(&graph.weights[*e as usize].to_le_bytes());
        }
    }
    let ptr = buf.as_mut_ptr() as *mut c_void;
    check(unsafe { cuMemHostRegister_v2(ptr, buf.len(), 0) }, "cuMemHostRegister_v2")?;
    let mut f = File::create(path)?;
    f.write_all(b"DEM1")?;
    f.write_all(&(buf.len() as u64).to_le_bytes())?;
    f.write_all(buf)?;
    unsafe { cuMemHostUnregister(ptr) };
    Ok(())
}
