use std::io::ErrorKind;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tracing::{info, warn};

use crate::worker::Worker;

pub async fn serve(listen: &str, worker: Arc<Mutex<Worker>>) -> Result<()> {
    let listener = TcpListener::bind(listen).await?;
    info!("listening on {listen}");
    loop {
        let (sock, peer) = listener.accept().await?;
        let worker = worker.clone();
        tokio::spawn(async move {
            if let Err(e) = handle_conn(sock, worker).await {
                warn!("{peer}: {e:#}");
            }
        });
    }
}

async fn handle_conn(mut sock: TcpStream, worker: Arc<Mutex<Worker>>) -> Result<()> {
    loop {
        let len = match sock.read_u32_le().await {
            Ok(n) => n as usize,
            Err(e) if e.kind() == ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let mut frame = vec![0u8; len];
        sock.read_exact(&mut frame).await?;
        let w = worker.clone();
        let reply = tokio::task::spawn_blocking(move || w.lock().unwrap().run_job(&frame)).await??;
        sock.write_u32_le(reply.len() as u32).await?;
        sock.write_all(&reply).await?;
    }
}
