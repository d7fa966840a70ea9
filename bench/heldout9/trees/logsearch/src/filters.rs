use std::os::raw::c_void;

use crate::ffi::{self, SearchError};

pub trait Filter: Send + Sync {
    fn name(&self) -> &str;
    fn apply(&self, batch: &mut [u8]) -> Result<usize, SearchError>;
}

/// Drops lines below a severity level (first byte of each line).
pub struct LevelFilter {
    pub min: u8,
}

impl Filter for LevelFilter {
    fn name(&self) -> &str {
        "level"
    }

    fn apply(&self, batch: &mut [u8]) -> Result<usize, SearchError> {
        Ok(batch.split(|b| *b == b'\n').filter(|l| l.first().map_or(false, |s| *s >= self.min)).count())
    }
}

/// Redacts secrets on the GPU; the batch is registered so the kernel can read it in place.
pub struct RedactFilter {
    pub needle: Vec<u8>,
}

fn redact_on_gpu(batch: &mut [u8], needle: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i + needle.len() <= batch.len() {
        if &batch[i..i + needle.len()] == needle {
            batch[i..i + needle.len()].fill(b'*');
            n += 1;
        }
        i += 1;
    }
    n
}

impl Filter for RedactFilter {
    fn name(&self) -> &str {
        "redact"
    }

    fn apply(&self, batch: &mut [u8]) -> Result<usize, SearchError> {
        let p = batch.as_mut_ptr() as *mut c_void;
        ffi::check(unsafe { ffi::cudaHostRegister(p, batch.len(), ffi::CUDA_HOST_REGISTER_DEFAULT) })?;
        let n = redact_on_gpu(batch, &self.needle);
        unsafe { ffi::cudaHostUnregister(p) };
        Ok(n)
    }
}

pub fn default_filters() -> Vec<Box<dyn Filter>> {
    vec![Box::new(LevelFilter { min: b'2' }), Box::new(RedactFilter { needle: b"password=".to_vec() })]
}
