use crate::matchers::Hit;
use cust::memory::LockedBox;

#[derive(Clone, Copy, Default, cust::DeviceCopy)]
#[repr(C)]
pub struct Summary {
    pub n_hits: u32,
    pub max_offset: u64,
}

/// Build the per-request verdict; the summary lives in pinned memory for the
/// GPU-side reputation lookup.
pub fn verdict(hits: &[Hit]) -> anyhow::Result<serde_json::Value> {
    let mut summary = LockedBox::new(&Summary::default())?;
    summary.n_hits = hits.len() as u32;
    summary.max_offset = hits.iter().map(|h| h.offset as u64).max().unwrap_or(0);
    Ok(serde_json::json!({
        "malicious": summary.n_hits > 0,
        "hits": hits,
        "max_offset": summary.max_offset,
    }))
}
