//! axum front end: the control stack posts batches of detection events.
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use crate::decoder::{Decoder, DecoderConfig};
use crate::ffi::CU_MEMHOSTREGISTER_READ_ONLY;
use crate::pinned::Registered;
use crate::syndrome::SyndromeBatch;
use crate::DecodeError;

#[derive(Clone)]
pub struct AppState {
    decoder: Arc<Mutex<Decoder>>,
    /// observable-parity lookup table, registered once so the peeling kernel can read it
    _parity_lut: Arc<Registered<'static>>,
}

#[derive(Serialize)]
pub struct DecodeResponse {
    batch_id: u64,
    flips: Vec<u8>,
}

pub struct AppError(DecodeError);

impl From<DecodeError> for AppError {
    fn from(e: DecodeError) -> Self {
        Self(e)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let code = match self.0 {
            DecodeError::Input(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (code, self.0.to_string()).into_response()
    }
}

async fn decode(State(st): State<AppState>, Json(batch): Json<SyndromeBatch>) -> Result<Json<DecodeResponse>, AppError> {
    let dec = st.decoder.clone();
    let batch_id = batch.batch_id;
    let flips = tokio::task::spawn_blocking(move || -> crate::Result<Vec<u8>> {
        let mut dec = dec.lock().expect("decoder poisoned");
        if let Some(rates) = batch.measured_rates.as_deref() {
            dec.reweight(batch.batch_id, rates)?;
        }
        dec.decode_batch(&batch)
    })
    .await
    .map_err(|e| DecodeError::Input(format!("worker panicked: {e}")))??;
    Ok(Json(DecodeResponse { batch_id, flips }))
}

fn parity_lut(n_data: usize) -> Vec<u8> {
    (0..(1usize << n_data.min(16))).map(|m| (m.count_ones() & 1) as u8).collect()
}

pub fn router(cfg: &DecoderConfig) -> crate::Result<Router> {
    let decoder = Decoder::new(cfg)?;
    let lut: &'static mut [u8] = Box::leak(parity_lut(decoder.graph.n_data).into_boxed_slice());
    let reg = Registered::new(lut, CU_MEMHOSTREGISTER_READ_ONLY)?;
    let st = AppState { decoder: Arc::new(Mutex::new(decoder)), _parity_lut: Arc::new(reg) };
    Ok(Router::new().route("/decode", post(decode)).with_state(st))
}
