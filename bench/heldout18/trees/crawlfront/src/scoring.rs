use crate::ffi;
use std::os::raw::c_void;

/// Build the page-priority scorer used by the fetch loop. The returned closure
/// stages the batch's feature rows in pinned memory for the ranking kernel.
pub fn make_scorer(weights: Vec<f32>) -> impl FnMut(&[Vec<u8>]) -> anyhow::Result<Vec<f32>> {
    move |pages: &[Vec<u8>]| {
        let rows = pages.len() * weights.len();
        let mut host: *mut c_void = std::ptr::null_mut();
        ffi::ok(unsafe { ffi::cudaMallocHost(&mut host, rows * 4 + 4) }, "cudaMallocHost")?;
        let feats = unsafe { std::slice::from_raw_parts_mut(host as *mut f32, rows) };
        for (i, p) in pages.iter().enumerate() {
            for (j, w) in weights.iter().enumerate() {
                feats[i * weights.len() + j] = *w * (p.len() as f32).ln_1p();
            }
        }
        let scores = feats.chunks(weights.len().max(1)).map(|r| r.iter().sum()).collect();
        unsafe { ffi::cudaFreeHost(host) };
        Ok(scores)
    }
}
