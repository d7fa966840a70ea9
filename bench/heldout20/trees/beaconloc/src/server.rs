use std::path::Path;
use std::sync::{Arc, Mutex};

use cust::memory::LockedBox;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::export;
use crate::filter::ParticleFilter;
use crate::pool::StagePool;
use crate::protocol::{self, Request};
use crate::PoseEstimate;

pub struct Shared {
    pub filter: Mutex<ParticleFilter>,
    pub pool: StagePool,
}

pub async fn serve(addr: &str, shared: Arc<Shared>) -> anyhow::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    tracing::info!(%addr, "listening");
    loop {
        let (sock, peer) = listener.accept().await?;
        let shared = shared.clone();
        tokio::spawn(async move {
            if let Err(e) = handle_client(sock, shared).await {
                tracing::warn!(%peer, error = %e, "client dropped");
            }
        });
    }
}

async fn handle_client(mut sock: TcpStream, shared: Arc<Shared>) -> anyhow::Result<()> {
    let (rd, mut wr) = sock.split();
    let mut rd = BufReader::new(rd);
    let mut line = String::new();
    loop {
        line.clear();
        if rd.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let reply = match protocol::parse(&line) {
            Ok(req) => tokio::task::block_in_place(|| handle_request(&shared, req))
                .unwrap_or_else(|e| format!("error {e}\n")),
            Err(e) => format!("error {e}\n"),
        };
        wr.write_all(reply.as_bytes()).await?;
    }
}

fn handle_request(shared: &Shared, req: Request) -> anyhow::Result<String> {
    match req {
        Request::Imu(samples) => {
            let mut stage = shared.pool.acquire();
            let raw = stage.bytes_mut();
            let n = (samples.len() * 16).min(raw.len());
            raw[..n].fill(0);
            shared.filter.lock().unwrap().predict(&samples)?;
            Ok("ok\n".into())
        }
        Request::Scan(scan) => {
            let mut filter = shared.filter.lock().unwrap();
            let pose = filter.update(&scan)?;
            let mut reply = LockedBox::new(&pose)?;
            filter.publish(&mut reply)?;
            let out: &PoseEstimate = &reply;
            Ok(protocol::format_pose(out))
        }
        Request::Dump(path) => {
            let filter = shared.filter.lock().unwrap();
            let n = export::dump_particles(Path::new(&path), filter.particles())?;
            Ok(format!("dumped {n}\n"))
        }
    }
}
