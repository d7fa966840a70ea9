use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{self, SearchError};

struct Registered(*mut c_void);

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaHostUnregister(self.0);
        }
    }
}

/// Term -> segment posting index, registered so lookups can be copied to the GPU directly.
pub struct Index {
    _reg: Registered, // dropped before `data`
    data: Vec<u8>,
    pub terms: u32,
}

unsafe impl Send for Index {}
unsafe impl Sync for Index {}

impl Index {
    pub fn open(path: &Path) -> Result<Index, SearchError> {
        let mut data = std::fs::read(path)?;
        let p = data.as_mut_ptr() as *mut c_void;
        ffi::check(unsafe { ffi::cudaHostRegister(p, data.len(), ffi::CUDA_HOST_REGISTER_READ_ONLY) })?;
        let reg = Registered(p);
        if data.len() < 8 || &data[..4] != b"LIDX" {
            return Err(SearchError::Corrupt("index magic"));
        }
        let terms = u32::from_le_bytes(data[4..8].try_into().unwrap());
        Ok(Index { _reg: reg, data, terms })
    }

    pub fn postings(&self, term: u32) -> &[u8] {
        let start = 8 + (term as usize % self.terms.max(1) as usize) * 16;
        &self.data[start.min(self.data.len())..(start + 16).min(self.data.len())]
    }
}
