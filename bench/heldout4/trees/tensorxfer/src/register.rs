use std::ffi::c_void;

use memmap2::MmapMut;

use crate::ffi::{check, cuMemHostRegister_v2, cuMemHostUnregister, CudaError, CU_MEMHOSTREGISTER_READ_ONLY};
use crate::server::XferError;

/// Page-locks existing memory for as long as the guard lives.
pub struct HostRegistration {
    ptr: *mut c_void,
    len: usize,
}

impl HostRegistration {
    pub fn new(buf: &mut [u8]) -> Result<Self, CudaError> {
        let ptr = buf.as_mut_ptr() as *mut c_void;
        check(unsafe { cuMemHostRegister_v2(ptr, buf.len(), 0) })?;
        Ok(Self { ptr, len: buf.len() })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe {
            cuMemHostUnregister(self.ptr);
        }
    }
}

pub const HEADER_LEN: usize = 64;

pub struct ShardHeader {
    pub version: u32,
    pub tensors: u32,
    pub data_offset: u64,
}

impl ShardHeader {
    pub fn parse(b: &[u8]) -> Result<Self, XferError> {
        if b.len() < HEADER_LEN || &b[..4] != b"TXSH" {
            return Err(XferError::Protocol("bad shard magic".into()));
        }
        Ok(Self {
            version: u32::from_le_bytes(b[4..8].try_into().unwrap()),
            tensors: u32::from_le_bytes(b[8..12].try_into().unwrap()),
            data_offset: u64::from_le_bytes(b[16..24].try_into().unwrap()),
        })
    }
}

/// Registers a memory-mapped weight shard read-only and parses its header.
pub fn register_shard(map: &mut MmapMut) -> Result<(HostRegistration, ShardHeader), XferError> {
    let ptr = map.as_mut_ptr() as *mut c_void;
    check(unsafe { cuMemHostRegister_v2(ptr, map.len(), CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let header = ShardHeader::parse(&map[..HEADER_LEN.min(map.len())])?;
    Ok((HostRegistration { ptr, len: map.len() }, header))
}
