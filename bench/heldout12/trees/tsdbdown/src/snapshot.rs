//! `tsdbdown snapshot`: dump every series' rollups to a flat file and an index.
use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use anyhow::anyhow;

use crate::ffi;
use crate::pinned::PinnedVec;

pub struct SeriesDump {
    pub id: u32,
    pub name: String,
    pub values: Vec<f64>,
}

pub fn export_values(series: &[SeriesDump], path: &Path) -> anyhow::Result<()> {
    let total: usize = series.iter().map(|s| s.values.len()).sum();
    let mut block = PinnedVec::<f64>::with_capacity(total)?;
    for s in series {
        for v in &s.values {
            block.push(*v);
        }
    }
    let bytes = unsafe { std::slice::from_raw_parts(block.as_ptr().cast::<u8>(), total * 8) };
    File::create(path)?.write_all(bytes)?;
    Ok(())
}

pub fn export_index(series: &[SeriesDump], path: &Path) -> anyhow::Result<()> {
    let bytes = series.len() * 16;
    let mut raw: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { ffi::cudaHostAlloc(&mut raw, bytes.max(16), ffi::CUDA_HOST_ALLOC_DEFAULT) };
    if rc != 0 {
        return Err(anyhow!("page-locked index allocation failed: {rc}"));
    }
    let entries = unsafe { std::slice::from_raw_parts_mut(raw.cast::<u64>(), series.len() * 2) };
    let mut offset = 0u64;
    for (i, s) in series.iter().enumerate() {
        if s.values.is_empty() {
            return Err(anyhow!("series {} ({}) has no rollups; run compaction first", s.id, s.name));
        }
        entries[2 * i] = s.id as u64;
        entries[2 * i + 1] = offset;
        offset += s.values.len() as u64;
    }
    let out = unsafe { std::slice::from_raw_parts(raw.cast::<u8>(), bytes) };
    let res = File::create(path).and_then(|mut f| f.write_all(out));
    unsafe { ffi::cudaFreeHost(raw) };
    res.map_err(Into::into)
}
