mod capture;
mod config;
mod control;
mod ffi;
mod gpu;
mod pipeline;
mod replay;
mod snapshot;
mod stages;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};

fn main() -> Result<()> {
    tracing_subscriber::fmt::init();
    let path = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "config/replay.toml".into()));
    let cfg = config::Config::load(&path)?;
    let _ctx = cust::quick_init().context("CUDA init")?;

    // Warm the allocator and the module load path before the clock starts.
    let warm = capture::synthetic_frames(4096);
    let _ = gpu::stage_batch(&warm)?;

    let pipeline = pipeline::Pipeline::from_config(&cfg)?;
    tracing::info!(stages = ?pipeline.names(), "pipeline ready");
    let mut replayer = replay::Replayer::new(cfg.clone(), pipeline)?;
    replayer.preload()?;

    let state = Arc::new(control::State {
        levels: replayer.last_levels.clone(),
        depth: cfg.depth,
        snapshot_dir: cfg.snapshot_dir.clone(),
    });
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    rt.spawn(control::serve(cfg.control_addr.clone(), state));

    replayer.run()?;
    tracing::info!(worst_ns = replayer.latency.worst_ns, "replay finished");
    Ok(())
}
