use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use cust::memory::LockedBox;
use serde::Deserialize;

use crate::legacy;
use crate::palette::palette;
use crate::raster::{rasterize_layers, Layer};
use crate::render::make_scratch;
use crate::state::AppState;

type HResult<T> = Result<T, (StatusCode, String)>;

fn internal<E: std::fmt::Display>(e: E) -> (StatusCode, String) {
    (StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

pub async fn tile(State(st): State<Arc<AppState>>, Path((z, x, y)): Path<(u32, u32, u32)>) -> HResult<Vec<u8>> {
    let mut px = st.renderer.render_tile(z, x, y).map_err(internal)?;
    let pal = palette();
    for p in px.chunks_mut(4) {
        p[3] = (pal[p[0] as usize] >> 24) as u8;
    }
    let mut cache = st.cache.lock().unwrap();
    let buf = cache.buffer(st.cfg.tile_size, st.cfg.tile_size).map_err(internal)?;
    buf.copy_from_slice(&px);
    Ok(px)
}

#[derive(serde::Serialize, Clone, Copy)]
#[repr(C)]
pub struct Meta {
    zoom: u32,
    tiles: u64,
}

unsafe impl cust::memory::DeviceCopy for Meta {}

pub async fn meta(Path(z): Path<u32>) -> HResult<Json<Meta>> {
    let m = LockedBox::new(Meta { zoom: z, tiles: 1u64 << (2 * z) }).map_err(internal)?;
    Ok(Json(*m))
}

#[derive(Deserialize)]
pub struct BatchReq {
    layers: Vec<(String, Vec<[f32; 2]>)>,
}

pub async fn batch(State(st): State<Arc<AppState>>, Json(req): Json<BatchReq>) -> HResult<Json<Vec<f32>>> {
    let tile = st.cfg.tile_size;
    let mut scratch = make_scratch(tile * tile).map_err(internal)?;
    let layers: Vec<Layer> = req.layers.into_iter().map(|(name, features)| Layer { name, features }).collect();
    let acc = rasterize_layers(&layers, tile).map_err(internal)?;
    scratch.copy_from_slice(&acc);
    Ok(Json(scratch.to_vec()))
}

pub async fn upload(body: Bytes) -> HResult<StatusCode> {
    let mut data = body.to_vec();
    legacy::register_upload(&mut data).map_err(internal)?;
    Ok(StatusCode::NO_CONTENT)
}
