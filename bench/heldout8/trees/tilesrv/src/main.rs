mod cache;
mod config;
mod ffi;
mod handlers;
mod legacy;
mod palette;
mod raster;
mod render;
mod state;

use std::sync::Arc;

use axum::routing::{get, post};
use axum::Router;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cfg = config::Config::from_env();
    let _ctx = cust::quick_init()?;
    let state = Arc::new(state::AppState::new(&cfg)?);
    let app = Router::new()
        .route("/tile/:z/:x/:y", get(handlers::tile))
        .route("/meta/:z", get(handlers::meta))
        .route("/batch", post(handlers::batch))
        .route("/upload", post(handlers::upload))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind(&cfg.bind).await?;
    axum::serve(listener, app).await?;
    Ok(())
}
