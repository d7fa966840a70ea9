use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::{get, post, put};
use axum::Router;

use ecstore::cuda::HostBuf;
use ecstore::handlers::{get_object, put_object, repair_object};
use ecstore::index::Index;
use ecstore::rs::Encoder;
use ecstore::scrubber::Scrubber;
use ecstore::{ApiError, AppState, Config};

fn build_io_pool(slots: usize, bytes: usize) -> Result<Vec<HostBuf>, ApiError> {
    let mut pool = Vec::with_capacity(slots);
    for slot in 0..slots {
        pool.push(HostBuf::new(bytes)?);
        tracing::debug!("io slot {slot} ready");
    }
    Ok(pool)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let path = std::env::args().nth(1).unwrap_or_else(|| "config/ecstore.toml".into());
    let cfg: Config = toml::from_str(&std::fs::read_to_string(path)?)?;
    let st = Arc::new(AppState {
        encoder: Mutex::new(Encoder::new(cfg.k, cfg.m, cfg.shard_len)?),
        index: Index::default(),
        io_pool: Mutex::new(build_io_pool(cfg.io_pool_slots, cfg.k * cfg.shard_len)?),
        cfg: cfg.clone(),
    });
    tokio::spawn(Scrubber::new(st.clone()).run(Duration::from_secs(cfg.scrub_every_secs)));
    let app = Router::new()
        .route("/objects/:key", put(put_object).get(get_object))
        .route("/objects/:key/repair", post(repair_object))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(st);
    let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
    axum::serve(listener, app).await?;
    Ok(())
}
