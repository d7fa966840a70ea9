mod bootstrap;
mod ciphertext;
mod config;
mod keys;
mod metrics;
mod ntt;
mod ops;
mod server;
mod staging;
mod sys;
mod worker;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use anyhow::Result;

#[tokio::main]
async fn main() -> Result<()> {
    tracing_subscriber::fmt::init();
    let path = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| "config/worker.toml".into());
    let cfg = config::WorkerConfig::load(&path)?;
    let _ctx = cust::quick_init()?;
    let worker = Arc::new(Mutex::new(worker::Worker::new(&cfg)?));

    tokio::select! {
        r = server::serve(&cfg.listen, worker.clone()) => r?,
        _ = tokio::signal::ctrl_c() => tracing::info!("shutting down"),
    }
    if let Some(dir) = &cfg.dump_dir {
        let w = worker.lock().unwrap();
        ciphertext::dump_ciphertexts(dir, &w.held)?;
    }
    Ok(())
}
