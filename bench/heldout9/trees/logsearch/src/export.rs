use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{self, SearchError};

/// Writes match offsets to a flat file for the offline analytics job.
pub fn export_results(path: &Path, offsets: &[u64]) -> Result<u64, SearchError> {
    let bytes = offsets.len() * 8;
    let mut p: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cudaMallocHost(&mut p, bytes.max(8)) })?;
    let host = unsafe { std::slice::from_raw_parts_mut(p as *mut u64, offsets.len()) };
    host.copy_from_slice(offsets);
    let mut f = File::create(path)?;
    f.write_all(bytemuck::cast_slice(host))?;
    f.sync_all()?;
    unsafe { ffi::cudaFreeHost(p) };
    Ok(bytes as u64)
}
