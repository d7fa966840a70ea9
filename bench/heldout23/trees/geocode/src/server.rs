//! Line-delimited JSON over TCP: one request per line, one response per line.
use std::sync::{Arc, Mutex};

use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::engine::{Engine, GeocodeRequest};

pub async fn serve(addr: &str, engine: Engine) -> std::io::Result<()> {
    let engine = Arc::new(Mutex::new(engine));
    let listener = TcpListener::bind(addr).await?;
    tracing::info!("geocoded listening on {addr}");
    loop {
        let (sock, peer) = listener.accept().await?;
        let engine = engine.clone();
        tokio::spawn(async move {
            if let Err(e) = handle(sock, engine).await {
                tracing::warn!("{peer}: {e}");
            }
        });
    }
}

async fn handle(sock: TcpStream, engine: Arc<Mutex<Engine>>) -> std::io::Result<()> {
    let (rd, mut wr) = sock.into_split();
    let mut lines = BufReader::new(rd).lines();
    while let Some(line) = lines.next_line().await? {
        let reply = if let Some(id) = line.strip_prefix("TRACE ") {
            let eng = engine.clone();
            let id = id.trim().to_owned();
            match tokio::task::spawn_blocking(move || eng.lock().unwrap().explain(&id)).await {
                Ok(Ok(feats)) => json!({ "candidates": feats }),
                Ok(Err(e)) => json!({ "error": e.to_string() }),
                Err(e) => json!({ "error": e.to_string() }),
            }
        } else {
            match serde_json::from_str::<GeocodeRequest>(&line) {
                Ok(req) => {
                    let eng = engine.clone();
                    match tokio::task::spawn_blocking(move || eng.lock().unwrap().geocode(&req)).await {
                        Ok(Ok(m)) => json!({ "matches": m }),
                        Ok(Err(e)) => json!({ "error": e.to_string() }),
                        Err(e) => json!({ "error": e.to_string() }),
                    }
                }
                Err(e) => json!({ "error": format!("bad request: {e}") }),
            }
        };
        wr.write_all(reply.to_string().as_bytes()).await?;
        wr.write_all(b"\n").await?;
    }
    Ok(())
}
