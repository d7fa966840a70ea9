//! The loaded posting index of one region and its matcher context.
use std::path::Path;

use crate::ffi::{gm_destroy, gm_init, GmCtx};
use crate::stage::{stage_queries, StagedQueries};
use crate::{GeoError, Result};

/// Queries staged once at load for the readiness probe (they exercise every trigram class).
const PROBE_QUERIES: &[&str] = &["1 Main St", "Unit 4/17 O'Connell Tce", "Lot 12 Old Coach Rd"];

pub struct Index {
    pub region: String,
    pub ctx: *mut GmCtx,
    pub n_streets: usize,
    pub names: Vec<String>,
    pub probe: StagedQueries,
}

unsafe impl Send for Index {}

impl Index {
    /// Posting file layout: n_streets (u32), offsets (i64 x n+1), postings (u32), names (\n-separated).
    pub fn load(path: &Path, device: i32, top_k: i32) -> Result<Self> {
        let raw = std::fs::read(path)?;
        if raw.len() < 4 {
            return Err(GeoError::Gazetteer(format!("{}: truncated", path.display())));
        }
        let n = u32::from_le_bytes(raw[..4].try_into().unwrap()) as usize;
        let off_end = 4 + 8 * (n + 1);
        let offsets: Vec<i64> = raw[4..off_end].chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect();
        let n_post = offsets[n] as usize;
        let post_end = off_end + 4 * n_post;
        let postings: Vec<u32> = raw[off_end..post_end].chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        let names = String::from_utf8_lossy(&raw[post_end..]).lines().map(str::to_owned).collect();
        let ctx = unsafe { gm_init(device, postings.as_ptr(), offsets.as_ptr(), n as i32, top_k) };
        if ctx.is_null() {
            return Err(GeoError::Matcher(-1));
        }
        let probe = stage_queries(&PROBE_QUERIES.iter().map(|s| s.to_string()).collect::<Vec<_>>())?;
        Ok(Self { region: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(), ctx, n_streets: n, names, probe })
    }

    pub fn ready(&self) -> bool {
        !self.ctx.is_null() && self.probe.n == PROBE_QUERIES.len()
    }
}

impl Drop for Index {
    fn drop(&mut self) {
        unsafe { gm_destroy(self.ctx) };
    }
}
