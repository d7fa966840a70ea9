use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::Mutex;

use crate::atlas::FontId;
use crate::export::export_page;
use crate::renderer::{Renderer, TextRequest};

#[derive(Clone)]
pub struct AppState {
    pub renderer: Arc<Mutex<Renderer>>,
    pub export_dir: PathBuf,
}

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/render", post(render))
        .route("/export/:font/:px", get(export))
        .with_state(state)
}

async fn render(State(s): State<AppState>, Json(req): Json<TextRequest>) -> Result<Vec<u8>, (StatusCode, String)> {
    let renderer = s.renderer.clone();
    tokio::task::spawn_blocking(move || renderer.blocking_lock().render_text(&req))
        .await
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| (StatusCode::BAD_REQUEST, e.to_string()))
}

async fn export(State(s): State<AppState>, Path((font, px)): Path<(u16, u32)>) -> Result<String, (StatusCode, String)> {
    let mut r = s.renderer.lock().await;
    let page = r.page_for_export(FontId(font), px).ok_or((StatusCode::NOT_FOUND, "no such page".into()))?;
    let path = s.export_dir.join(format!("font{font}_{px}px.pgm"));
    export_page(&path, page.as_mut_slice(), 1024).map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(path.display().to_string())
}
