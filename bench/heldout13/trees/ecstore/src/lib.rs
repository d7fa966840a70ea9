pub mod cuda;
pub mod handlers;
pub mod index;
pub mod manifest;
pub mod rs;
pub mod scrubber;

use std::sync::Mutex;

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub listen: String,
    pub data_dirs: Vec<std::path::PathBuf>,
    pub manifest_dir: std::path::PathBuf,
    pub k: usize,
    pub m: usize,
    pub shard_len: usize,
    pub io_pool_slots: usize,
    pub scrub_every_secs: u64,
}

pub struct AppState {
    pub cfg: Config,
    pub encoder: Mutex<rs::Encoder>,
    pub index: index::Index,
    pub io_pool: Mutex<Vec<cuda::HostBuf>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("CUDA error {0}")]
    Cuda(i32),
    #[error("Reed-Solomon error {0}")]
    Rs(i32),
    #[error("not found: {0}")]
    NotFound(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl axum::response::IntoResponse for ApiError {
    fn into_response(self) -> axum::response::Response {
        let code = match self {
            ApiError::NotFound(_) => axum::http::StatusCode::NOT_FOUND,
            _ => axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        };
        (code, self.to_string()).into_response()
    }
}
