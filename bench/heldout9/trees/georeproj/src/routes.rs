use std::sync::mpsc;

use actix_web::{get, post, web, HttpResponse};
use cust::memory::LockedBuffer;
use serde::Deserialize;

use crate::cache::datum_shifts;
use crate::ffi::GeoError;
use crate::grid::{build_warp_grid, Gcp};
use crate::raster::{mosaic, TileRef};
use crate::register::register_source;
use crate::state::AppState;
use crate::worker::Job;

const TILE: usize = 256;

#[get("/tiles/{epsg}/{z}/{x}/{y}")]
pub async fn reproject_tile(
    path: web::Path<(u32, u32, u32, u32)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, GeoError> {
    let (epsg, z, x, y) = path.into_inner();
    let coeffs = state.proj_cache.coeffs(epsg)?;
    let datum = datum_shifts();
    let mut out = LockedBuffer::new(&0u16, TILE * TILE)?;
    let scale = (1u32 << z) as f64;
    for (i, px) in out.iter_mut().enumerate() {
        let gx = (x as f64 * TILE as f64 + (i % TILE) as f64) / scale * coeffs[0] + datum[0];
        let gy = (y as f64 * TILE as f64 + (i / TILE) as f64) / scale * coeffs[1];
        let idx = ((gy as usize) * 8192 + gx as usize) % state.lut.len();
        *px = (state.lut[idx] * 65535.0) as u16;
    }
    Ok(HttpResponse::Ok()
        .content_type("application/octet-stream")
        .body(bytemuck::cast_slice::<u16, u8>(&out).to_vec()))
}

#[derive(Deserialize)]
pub struct WarpRequest {
    pub width: usize,
    pub height: usize,
    pub kernel: String,
    pub gcps: Vec<Gcp>,
}

#[post("/warp")]
pub async fn warp(req: web::Json<WarpRequest>, state: web::Data<AppState>) -> Result<HttpResponse, GeoError> {
    let grid = build_warp_grid(req.width, req.height, &req.gcps)?;
    let (tx, rx) = mpsc::channel();
    state.pool.submit(Job { kernel: req.kernel.clone(), grid, width: req.width, height: req.height, reply: tx })?;
    let body = web::block(move || rx.recv()).await.map_err(|_| GeoError::PoolClosed)?.map_err(|_| GeoError::PoolClosed)?;
    match body {
        Ok(bytes) => Ok(HttpResponse::Ok().body(bytes)),
        Err(msg) => Ok(HttpResponse::InternalServerError().body(msg)),
    }
}

#[derive(Deserialize)]
pub struct MosaicRequest {
    pub tiles: Vec<(String, usize, usize, usize)>,
    pub width: usize,
    pub height: usize,
}

#[post("/mosaic")]
pub async fn mosaic_handler(req: web::Json<MosaicRequest>) -> Result<HttpResponse, GeoError> {
    let tiles: Vec<TileRef> = req
        .tiles
        .iter()
        .map(|(p, b, x0, y0)| TileRef { path: p.clone(), bytes: *b, x0: *x0, y0: *y0 })
        .collect();
    let mut out = vec![0u16; req.width * req.height];
    mosaic(&tiles, &mut out, req.width)?;
    Ok(HttpResponse::Ok().body(bytemuck::cast_slice::<u16, u8>(&out).to_vec()))
}

#[post("/sources")]
pub async fn add_source(body: web::Bytes) -> Result<HttpResponse, GeoError> {
    let mut buf = body.to_vec();
    let (info, _dev) = register_source(&mut buf)?;
    Ok(HttpResponse::Created().body(format!("{}x{} epsg:{}", info.width, info.height, info.epsg)))
}

#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().body("ok")
}
