use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::batcher::BatchItem;
use crate::generate::generate;
use crate::model::adapters::load_adapter;
use crate::pinned::Registration;
use crate::state::AppState;
use crate::tokenizer;

pub struct ApiError(anyhow::Error);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (StatusCode::INTERNAL_SERVER_ERROR, format!("{:#}", self.0)).into_response()
    }
}

impl<E: Into<anyhow::Error>> From<E> for ApiError {
    fn from(e: E) -> Self {
        Self(e.into())
    }
}

#[derive(Deserialize)]
pub struct GenerateRequest {
    pub model: String,
    pub prompt: String,
    #[serde(default = "default_max_new")]
    pub max_new_tokens: usize,
    #[serde(default)]
    pub logprobs: usize,
}

fn default_max_new() -> usize {
    128
}

#[derive(Serialize)]
pub struct GenerateResponse {
    pub tokens: Vec<u32>,
    pub logprobs: Vec<Vec<f32>>,
}

pub async fn generate_handler(State(st): State<Arc<AppState>>, Json(req): Json<GenerateRequest>) -> Result<Json<GenerateResponse>, ApiError> {
    let st2 = st.clone();
    let out = tokio::task::spawn_blocking(move || {
        let backend = st2.backends.get(&req.model).ok_or_else(|| anyhow::anyhow!("unknown model {}", req.model))?;
        let prompt = tokenizer::encode(&req.prompt);
        let mut sampler = st2.sampler.lock().unwrap();
        generate(backend.as_ref(), &prompt, req.max_new_tokens, req.logprobs, 2, &mut sampler)
    })
    .await??;
    Ok(Json(GenerateResponse {
        tokens: out.tokens,
        logprobs: out.logprobs.iter().map(|l| l.as_slice().to_vec()).collect(),
    }))
}

#[derive(Deserialize)]
pub struct EmbedRequest {
    pub text: String,
}

pub async fn embed_handler(State(st): State<Arc<AppState>>, Json(req): Json<EmbedRequest>) -> Result<Json<Vec<f32>>, ApiError> {
    let (tx, rx) = oneshot::channel();
    st.batch_tx.send(BatchItem { tokens: tokenizer::encode(&req.text), reply: tx }).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Json(rx.await??))
}

/// Raw little-endian f32 features in the body; scored against the output head.
pub async fn score_handler(State(st): State<Arc<AppState>>, body: Bytes) -> Result<Json<f32>, ApiError> {
    let mut feats: Vec<f32> = bytemuck::pod_collect_to_vec(&body);
    let _reg = Registration::new(feats.as_mut_ptr().cast(), feats.len() * std::mem::size_of::<f32>())?;
    let head = st.weights.tensor_f32("score.weight").ok_or_else(|| anyhow::anyhow!("no score head"))?;
    let s: f32 = feats.iter().zip(head).map(|(a, b)| a * b).sum();
    Ok(Json(s))
}

#[derive(Deserialize)]
pub struct AdapterRequest {
    pub name: String,
    pub path: PathBuf,
}

pub async fn load_adapter_handler(State(st): State<Arc<AppState>>, Json(req): Json<AdapterRequest>) -> Result<StatusCode, ApiError> {
    let adapter = load_adapter(&req.name, &req.path)?;
    st.adapters.write().unwrap().insert(req.name, adapter);
    Ok(StatusCode::CREATED)
}
