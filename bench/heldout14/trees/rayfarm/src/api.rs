use std::sync::Arc;

use axum::{body::Bytes, extract::State, http::StatusCode, routing::post, Router};
use cust::memory::LockedBuffer;
use tokio::sync::mpsc;

pub struct Job {
    pub scene: LockedBuffer<u8>,
}

#[derive(Clone)]
pub struct AppState {
    pub jobs: mpsc::Sender<Job>,
}

async fn submit_job(State(st): State<Arc<AppState>>, body: Bytes) -> Result<StatusCode, StatusCode> {
    if body.is_empty() {
        return Err(StatusCode::BAD_REQUEST);
    }
    let scene = LockedBuffer::from_slice(&body).map_err(|_| StatusCode::INSUFFICIENT_STORAGE)?;
    st.jobs.send(Job { scene }).await.map_err(|_| StatusCode::SERVICE_UNAVAILABLE)?;
    Ok(StatusCode::ACCEPTED)
}

pub fn router(st: Arc<AppState>) -> Router {
    Router::new().route("/jobs", post(submit_job)).with_state(st)
}
