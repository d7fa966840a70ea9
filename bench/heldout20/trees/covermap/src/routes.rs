use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::elevation::ElevationCache;
use crate::planner::Planner;
use crate::render;
use crate::tile::HostTile;

pub struct AppState {
    pub planner: Planner,
    pub spares: Vec<Mutex<HostTile>>,
    pub next_spare: AtomicUsize,
    pub elevation: ElevationCache,
}

pub struct AppError(anyhow::Error);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (StatusCode::UNPROCESSABLE_ENTITY, self.0.to_string()).into_response()
    }
}

impl<E: Into<anyhow::Error>> From<E> for AppError {
    fn from(e: E) -> Self {
        Self(e.into())
    }
}

#[derive(Deserialize)]
pub struct PredictRequest {
    #[serde(default)]
    power_offsets: Vec<f32>,
    #[serde(default = "default_threshold")]
    threshold_dbm: f32,
}

fn default_threshold() -> f32 {
    -110.0
}

#[derive(Serialize)]
pub struct PredictResponse {
    covered_fraction: f32,
    mean_rsrp: f32,
    tiles: usize,
}

async fn predict(State(st): State<Arc<AppState>>, Json(req): Json<PredictRequest>) -> Result<Json<PredictResponse>, AppError> {
    let resp = tokio::task::spawn_blocking(move || -> anyhow::Result<PredictResponse> {
        let cov = st.planner.predict(&req.power_offsets, req.threshold_dbm)?;
        let tiles = render::render_tiles(&st.planner.ctx)?;
        Ok(PredictResponse { covered_fraction: cov.covered_fraction, mean_rsrp: cov.mean_rsrp, tiles: tiles.len() })
    })
    .await??;
    Ok(Json(resp))
}

async fn preview(State(st): State<Arc<AppState>>, Path((tx, ty)): Path<(usize, usize)>) -> Result<Vec<u8>, AppError> {
    let png = tokio::task::spawn_blocking(move || {
        let i = st.next_spare.fetch_add(1, Ordering::Relaxed) % st.spares.len();
        let mut tile = st.spares[i].lock().unwrap();
        render::render_one(&st.planner.ctx, &mut tile, tx, ty)
    })
    .await??;
    Ok(png)
}

#[derive(Deserialize)]
pub struct ProfileQuery {
    region: u16,
    res: u16,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    n: usize,
}

async fn profile(State(st): State<Arc<AppState>>, Query(q): Query<ProfileQuery>) -> Result<Json<Vec<f32>>, AppError> {
    let out = tokio::task::spawn_blocking(move || {
        let dem = st.elevation.get(q.region, q.res)?;
        st.planner.profile(&dem, (q.x0, q.y0), (q.x1, q.y1), q.n.clamp(2, 4096))
    })
    .await??;
    Ok(Json(out))
}

async fn sectors(State(st): State<Arc<AppState>>, Path(site): Path<usize>) -> Result<Json<Vec<f32>>, AppError> {
    let loss = tokio::task::spawn_blocking(move || st.planner.sector_loss(site)).await??;
    let plane = loss.len().max(1);
    let mins = loss.chunks(plane / 3 + 1).map(|c| c.iter().cloned().fold(f32::INFINITY, f32::min)).collect();
    Ok(Json(mins))
}

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/predict", post(predict))
        .route("/preview/:tx/:ty", get(preview))
        .route("/profile", get(profile))
        .route("/sectors/:site", get(sectors))
        .with_state(state)
}
