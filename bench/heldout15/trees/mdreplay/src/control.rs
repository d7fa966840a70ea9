use std::sync::{Arc, Mutex};

use anyhow::Result;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::ffi::{heartbeat, HostSlab};
use crate::snapshot::write_snapshot;

pub struct State {
    pub levels: Arc<Mutex<Vec<u64>>>,
    pub depth: usize,
    pub snapshot_dir: std::path::PathBuf,
}

pub async fn serve(addr: String, state: Arc<State>) -> Result<()> {
    let listener = TcpListener::bind(&addr).await?;
    loop {
        let (sock, _) = listener.accept().await?;
        let st = state.clone();
        tokio::spawn(async move {
            if let Err(e) = session(sock, st).await {
                tracing::warn!("control session ended: {e:#}");
            }
        });
    }
}

async fn session(sock: TcpStream, st: Arc<State>) -> Result<()> {
    let (rd, mut wr) = sock.into_split();
    let mut lines = BufReader::new(rd).lines();
    while let Some(line) = lines.next_line().await? {
        let mut parts = line.split_whitespace();
        let reply = match parts.next() {
            Some("quote") => {
                let symbol: usize = parts.next().unwrap_or("0").parse()?;
                quote(&st, symbol)?
            }
            Some("snapshot") => {
                let path = st.snapshot_dir.join(format!("{}.snap", parts.next().unwrap_or("now")));
                let levels = st.levels.lock().unwrap().clone();
                write_snapshot(&levels, &path)?;
                format!("ok {}", path.display())
            }
            Some("ping") => {
                let mut hb = heartbeat().lock().unwrap();
                hb.as_mut_slice()[0] += 1;
                format!("pong {}", hb.as_slice()[0])
            }
            _ => "err unknown command".to_string(),
        };
        wr.write_all(reply.as_bytes()).await?;
        wr.write_all(b"\n").await?;
    }
    Ok(())
}

fn quote(st: &State, symbol: usize) -> Result<String> {
    let mut slab = HostSlab::<u64>::new(st.depth * 2)?;
    {
        let levels = st.levels.lock().unwrap();
        let start = (symbol * st.depth * 2).min(levels.len());
        let end = (start + st.depth * 2).min(levels.len());
        slab.as_mut_slice()[..end - start].copy_from_slice(&levels[start..end]);
    }
    let best_bid = slab.as_slice()[0];
    let best_ask = slab.as_slice()[st.depth];
    Ok(format!("quote {symbol} {} {}", best_bid >> 24, best_ask >> 24))
}
