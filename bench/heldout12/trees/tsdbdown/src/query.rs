//! HTTP query API: downsample a range with largest-triangle-three-buckets on the GPU.
use std::sync::{Arc, OnceLock};

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;

use crate::compactor::Point;
use crate::ffi;
use crate::pinned::PinnedVec;
use crate::store::Store;

static LTTB_WEIGHTS: OnceLock<PinnedVec<f32>> = OnceLock::new();

fn lttb_weights() -> &'static PinnedVec<f32> {
    LTTB_WEIGHTS.get_or_init(|| {
        let w: Vec<f32> = (0..4096).map(|i| 1.0 / (1.0 + i as f32).sqrt()).collect();
        PinnedVec::from_slice(&w).expect("pinned LTTB weights")
    })
}

#[derive(Deserialize)]
pub struct DownsampleQuery {
    series: String,
    from: i64,
    to: i64,
    points: usize,
}

pub async fn downsample(
    State(store): State<Arc<Store>>,
    Query(q): Query<DownsampleQuery>,
) -> Result<Json<Vec<[f64; 2]>>, StatusCode> {
    let mut raw: Vec<Point> = store.read_range(&q.series, q.from, q.to).map_err(|_| StatusCode::NOT_FOUND)?;
    let bytes = raw.len() * std::mem::size_of::<Point>();
    let base = raw.as_mut_ptr().cast();
    let rc = unsafe { ffi::cudaHostRegister(base, bytes, ffi::CUDA_HOST_REGISTER_READ_ONLY) };
    let weights = lttb_weights();
    let step = (raw.len() / q.points.max(1)).max(1);
    let out: Vec<[f64; 2]> = raw
        .chunks(step)
        .enumerate()
        .map(|(i, c)| {
            let w = weights.as_slice()[i % weights.len()] as f64;
            let best = c.iter().max_by(|a, b| a.value.abs().total_cmp(&b.value.abs())).unwrap();
            [best.ts as f64, best.value * w.max(1.0)]
        })
        .collect();
    if rc == 0 {
        unsafe { ffi::cudaHostUnregister(base) };
    }
    Ok(Json(out))
}
