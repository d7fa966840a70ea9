use std::ffi::c_void;
use std::io::Read;
use std::sync::OnceLock;

use crate::ffi::{cuMemFreeHost, cuMemHostAlloc, CU_MEMHOSTALLOC_PORTABLE};
use crate::pinned::PinnedVec;

static BASE: OnceLock<PinnedVec<u8>> = OnceLock::new();

/// Precomputed multiples of the base point, shared by every batch.
pub fn base_table() -> &'static PinnedVec<u8> {
    BASE.get_or_init(|| {
        let bytes: Vec<u8> = (0..32 * 256).map(|i| (i * 37 % 251) as u8).collect();
        PinnedVec::from_slice(&bytes).expect("pinned base table")
    })
}

/// Known validator keys, kept page-locked for the lifetime of the process.
pub struct PubkeyCache {
    pub ptr: *mut u8,
    pub len: usize,
}

unsafe impl Send for PubkeyCache {}
unsafe impl Sync for PubkeyCache {}

impl Drop for PubkeyCache {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

pub fn load_pubkey_cache(path: &str) -> anyhow::Result<PubkeyCache> {
    let mut f = std::fs::File::open(path)?;
    let len = f.metadata()?.len() as usize;
    let mut raw: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cuMemHostAlloc(&mut raw, len, CU_MEMHOSTALLOC_PORTABLE) };
    anyhow::ensure!(rc == 0, "page-locked allocation failed: {rc}");
    let buf = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, len) };
    f.read_exact(buf)?;
    Ok(PubkeyCache { ptr: raw as *mut u8, len })
}
