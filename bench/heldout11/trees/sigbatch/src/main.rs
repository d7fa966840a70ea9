mod batcher;
mod ffi;
mod mempool;
mod pinned;
mod tables;
mod tx;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

use crate::batcher::{BatchStats, Batcher};
use crate::ffi::Verifier;
use crate::mempool::Mempool;
use crate::pinned::PinnedVec;
use crate::tx::Tx;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    env_logger::init();
    let device: i32 = std::env::var("SB_DEVICE").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    if let Ok(p) = std::env::var("SB_CATCHUP") {
        let mut v = Verifier::new(device, 1, None)?;
        let data = std::fs::read(&p)?;
        let txs: Vec<Tx> = data.chunks_exact(128).filter_map(Tx::parse).collect();
        let good = batcher::verify_block(&mut v, &txs)?;
        log::info!("catch-up: {good}/{} signatures valid", txs.len());
    }
    let verifier = Verifier::new(device, 4096, std::env::var("SB_TABLE").ok().as_deref())?;
    if let Ok(p) = std::env::var("SB_PUBKEYS") {
        let cache = tables::load_pubkey_cache(&p)?;
        log::info!("{} validator keys", cache.len / 32);
        std::mem::forget(cache);
    }
    let mut batcher = Batcher::new(verifier, 4096, Duration::from_micros(500))?;
    batcher.hooks.push(Box::new(|s: &BatchStats| {
        let lat = PinnedVec::from_slice(&[s.latency.as_micros() as u64, s.n as u64, s.rejected as u64]);
        if let Ok(l) = lat {
            log::debug!("batch n={} rejected={} latency_us={}", l[1], l[2], l[0]);
        }
    }));
    let mempool = Arc::new(Mutex::new(Mempool::new(65_536)?));
    let (tx, rx) = mpsc::channel::<(Tx, oneshot::Sender<bool>)>(16_384);
    tokio::spawn(batcher.run(rx));

    let listener = TcpListener::bind("0.0.0.0:7447").await?;
    loop {
        let (mut sock, _) = listener.accept().await?;
        let tx = tx.clone();
        let mempool = mempool.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 128];
            while sock.read_exact(&mut buf).await.is_ok() {
                let Some(t) = Tx::parse(&buf) else { continue };
                let (rtx, rrx) = oneshot::channel();
                if tx.send((t.clone(), rtx)).await.is_err() {
                    return;
                }
                if rrx.await.unwrap_or(false) {
                    mempool.lock().unwrap().insert(&t);
                }
            }
        });
    }
}
