use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{self, SearchError};

pub struct Header {
    pub lines: u64,
    pub block_bytes: u32,
}

fn parse_header(bytes: &[u8]) -> Result<Header, SearchError> {
    if bytes.len() < 16 || &bytes[..4] != b"LSEG" {
        return Err(SearchError::Corrupt("bad magic"));
    }
    let lines = u64::from_le_bytes(bytes[4..12].try_into().unwrap());
    let block_bytes = u32::from_le_bytes(bytes[12..16].try_into().unwrap());
    if block_bytes == 0 {
        return Err(SearchError::Corrupt("zero block size"));
    }
    Ok(Header { lines, block_bytes })
}

/// An immutable log segment held in portable page-locked memory.
pub struct Segment {
    ptr: *mut u8,
    len: usize,
    pub header: Header,
}

unsafe impl Send for Segment {}
unsafe impl Sync for Segment {}

impl Segment {
    pub fn load(path: &Path) -> Result<Self, SearchError> {
        let bytes = std::fs::read(path)?;
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemHostAlloc(&mut p, bytes.len(), 0x01) })?;
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p as *mut u8, bytes.len()) };
        let header = parse_header(&bytes)?;
        Ok(Segment { ptr: p as *mut u8, len: bytes.len(), header })
    }

    pub fn bytes(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr.add(16), self.len - 16) }
    }

    pub fn block_bytes(&self) -> usize {
        self.header.block_bytes as usize
    }
}

impl Drop for Segment {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}
