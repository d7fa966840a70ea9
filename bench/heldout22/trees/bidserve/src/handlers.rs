//! axum handlers. Scoring is CPU/GPU-bound, so it runs on the blocking pool.
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

use crate::metrics;
use crate::pinned::PinnedStage;
use crate::scorer::{BidRequest, N_FEATURES};
use crate::state::AppState;

pub struct AppError(anyhow::Error);

impl<E: Into<anyhow::Error>> From<E> for AppError {
    fn from(e: E) -> Self {
        AppError(e.into())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (StatusCode::INTERNAL_SERVER_ERROR, self.0.to_string()).into_response()
    }
}

#[derive(Serialize)]
pub struct Bid {
    pub ad_id: u32,
    pub price_cpm: f32,
}

#[derive(Serialize)]
pub struct BidResponse {
    pub auction_id: String,
    pub bids: Vec<Bid>,
}

pub async fn bid(State(st): State<Arc<AppState>>, Json(req): Json<BidRequest>) -> Result<Json<BidResponse>, AppError> {
    let t0 = Instant::now();
    let auction_id = req.auction_id.clone();
    let st2 = st.clone();
    let (req, scores) = tokio::task::spawn_blocking(move || {
        let scores = st2.scorer.score(&req);
        (req, scores)
    })
    .await?;
    let scores = scores?;
    let mut bids: Vec<Bid> = req
        .candidates
        .iter()
        .zip(scores)
        .map(|(c, p)| Bid { ad_id: c.ad_id, price_cpm: p * 1000.0 * st.ledger.pacing(c.campaign) })
        .filter(|b| b.price_cpm > 0.0)
        .collect();
    bids.sort_by(|a, b| b.price_cpm.total_cmp(&a.price_cpm));
    bids.truncate(3);
    metrics::observe(t0.elapsed().as_micros() as u64);
    Ok(Json(BidResponse { auction_id, bids }))
}

pub async fn explain(State(st): State<Arc<AppState>>, Json(req): Json<BidRequest>) -> Result<Json<Vec<Vec<f32>>>, AppError> {
    let rows = tokio::task::spawn_blocking(move || -> anyhow::Result<Vec<Vec<f32>>> {
        let row = N_FEATURES * 4;
        let mut stage = PinnedStage::new(req.candidates.len() * row)?;
        st.scorer.explain_into(&req, stage.as_mut_slice())?;
        Ok(stage
            .as_slice()
            .chunks_exact(row)
            .map(|r| r.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
            .collect())
    })
    .await??;
    Ok(Json(rows))
}

pub async fn metrics_text() -> String {
    metrics::render()
}
