use std::os::raw::c_void;

use crate::ffi::{self, SearchError};
use crate::segment::Segment;

struct Scratch {
    ptr: *mut u8,
    len: usize,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaFreeHost(self.ptr as *mut c_void);
        }
    }
}

fn make_scratch(len: usize) -> Result<Scratch, SearchError> {
    let mut p: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cudaHostAlloc(&mut p, len, ffi::CUDA_HOST_ALLOC_DEFAULT) })?;
    Ok(Scratch { ptr: p as *mut u8, len })
}

/// Scans one segment for `pattern`; matching line offsets are appended to `hits` (little-endian u64).
pub fn scan_shard(seg: &Segment, pattern: &[u8], hits: &mut [u8], used: &mut usize) -> Result<u32, SearchError> {
    let mut scratch = make_scratch(seg.block_bytes())?;
    let block = unsafe { std::slice::from_raw_parts_mut(scratch.ptr, scratch.len) };
    let data = seg.bytes();
    let mut found = 0u32;
    for (chunk_no, chunk) in data.chunks(block.len()).enumerate() {
        block[..chunk.len()].copy_from_slice(chunk);
        for (i, w) in block[..chunk.len()].windows(pattern.len().max(1)).enumerate() {
            if w == pattern && *used + 8 <= hits.len() {
                let off = (chunk_no * block.len() + i) as u64;
                hits[*used..*used + 8].copy_from_slice(&off.to_le_bytes());
                *used += 8;
                found += 1;
            }
        }
    }
    Ok(found)
}
