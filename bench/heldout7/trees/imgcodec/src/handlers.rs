use std::os::raw::c_void;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use cust::memory::LockedBox;
use serde::Deserialize;
use tokio::sync::Mutex;

use crate::codec::{jpeg::JpegEncoder, Image, Stage};
use crate::ffi::{self, check};
use crate::legacy::pack_v1;
use crate::pinned::{HostRegistration, PinnedBuf};

pub struct AppState {
    pub encoder: Mutex<JpegEncoder>,
    pub stages: Mutex<Vec<Box<dyn Stage>>>,
    pub warm: Vec<PinnedBuf>,
}

#[derive(Deserialize)]
pub struct Dims {
    w: u32,
    h: u32,
    #[serde(default)]
    v1: bool,
}

type Res = Result<Vec<u8>, (StatusCode, String)>;

fn internal<E: std::fmt::Display>(e: E) -> (StatusCode, String) {
    (StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

pub async fn encode(State(st): State<Arc<AppState>>, Query(d): Query<Dims>, body: Bytes) -> Res {
    let mut staging = PinnedBuf::new(body.len()).map_err(internal)?;
    staging.as_mut_slice().copy_from_slice(&body);
    let mut img = Image { width: d.w, height: d.h, channels: 3, data: staging.as_slice().to_vec() };
    for stage in st.stages.lock().await.iter_mut() {
        stage.run(&mut img).map_err(internal)?;
    }
    let out = st.encoder.lock().await.encode(&img).map_err(internal)?;
    if d.v1 {
        return pack_v1(&out, 1).map_err(internal);
    }
    Ok(out)
}

pub async fn decode(Query(d): Query<Dims>, body: Bytes) -> Res {
    let header = LockedBox::new(&[d.w, d.h, body.len() as u32, 0u32]).map_err(internal)?;
    let mut out = vec![0u8; (header[0] * header[1] * 3) as usize];
    let n = out.len().min(body.len());
    out[..n].copy_from_slice(&body[..n]);
    Ok(out)
}

pub fn register_upload(data: &mut [u8]) -> Result<u64, ffi::CuError> {
    let reg = HostRegistration::new(data)?;
    let sum = reg.bytes().iter().map(|&b| b as u64).sum();
    Ok(sum)
}

pub async fn thumbnail(Query(d): Query<Dims>, body: Bytes) -> Res {
    let mut data = body.to_vec();
    let p = data.as_mut_ptr() as *mut c_void;
    check(unsafe { ffi::cuMemHostRegister_v2(p, data.len(), 0) }).map_err(internal)?;
    if d.w == 0 || d.h == 0 {
        return Err((StatusCode::BAD_REQUEST, "empty thumbnail".into()));
    }
    let step = (data.len() / ((d.w * d.h * 3) as usize).max(1)).max(1);
    let out: Vec<u8> = data.iter().step_by(step).copied().collect();
    unsafe { ffi::cuMemHostUnregister(p) };
    Ok(out)
}
