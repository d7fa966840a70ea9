use std::ffi::CString;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::Mutex;

use glyphforge::atlas::PinnedAtlas;
use glyphforge::config::Config;
use glyphforge::ffi;
use glyphforge::renderer::Renderer;
use glyphforge::server::{self, AppState};

async fn shutdown_signal() {
    let _ = tokio::signal::ctrl_c().await;
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    env_logger::init();
    let path = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| "glyphforge.toml".into());
    let cfg = Config::load(&path)?;

    let rc = unsafe { ffi::gf_init(cfg.max_glyphs as i32) };
    anyhow::ensure!(rc == 0, "gf_init failed with {rc}");

    let mut spare = Vec::with_capacity(cfg.warm_pages);
    for frame in 0..cfg.warm_pages {
        spare.push(PinnedAtlas::new(cfg.page_bytes)?);
        log::debug!("warm atlas page {frame} ready");
    }
    let renderer = Arc::new(Mutex::new(Renderer::new(&cfg, spare)?));
    let state = AppState { renderer, export_dir: cfg.export_dir.clone() };
    std::fs::create_dir_all(&cfg.export_dir)?;

    let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
    log::info!("glyphforge listening on {}", cfg.listen);
    axum::serve(listener, server::router(state)).with_graceful_shutdown(shutdown_signal()).await?;

    if let Some(dump) = &cfg.metrics_dump {
        let c = CString::new(dump.as_str())?;
        let rc = unsafe { ffi::gf_dump_metrics(c.as_ptr()) };
        if rc != 0 {
            log::warn!("metrics dump failed with {rc}");
        }
    }
    unsafe { ffi::gf_shutdown() };
    Ok(())
}
