mod config;
mod decode;
mod encode;
mod ffi;
mod filters;
mod lut;
mod manifest;
mod pinned;
mod thumbnails;
mod worker;

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use futures::StreamExt;
use tracing::{error, info};

use crate::config::{Job, WorkerConfig};
use crate::worker::Worker;

#[tokio::main]
async fn main() -> Result<()> {
    tracing_subscriber::fmt::init();
    let cfg = WorkerConfig::load(&std::env::args().nth(1).unwrap_or_else(|| "worker.toml".into()))?;
    let (tx, rx) = mpsc::channel::<Job>();
    let rx = Arc::new(Mutex::new(rx));
    let mut threads = Vec::new();
    for n in 0..cfg.workers {
        let cfg = cfg.clone();
        let rx = Arc::clone(&rx);
        threads.push(std::thread::Builder::new().name(format!("transcode-{n}")).spawn(move || -> Result<()> {
            let mut worker = Worker::new(&cfg)?;
            loop {
                let job = match rx.lock().unwrap().recv() {
                    Ok(job) => job,
                    Err(_) => return Ok(()),
                };
                if let Err(e) = worker.run_job(&job) {
                    error!(job = %job.id, "failed: {e:#}");
                }
            }
        })?);
    }

    let client = async_nats::connect(&cfg.nats_url).await?;
    let mut sub = client.subscribe(cfg.subject.clone()).await?;
    info!(subject = %cfg.subject, "waiting for jobs");
    while let Some(msg) = sub.next().await {
        match serde_json::from_slice::<Job>(&msg.payload) {
            Ok(job) => tx.send(job)?,
            Err(e) => error!("bad job payload: {e}"),
        }
    }
    drop(tx);
    for t in threads {
        let _ = t.join();
    }
    Ok(())
}
