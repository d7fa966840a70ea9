use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::{Parser, Subcommand};
use tokio::sync::{mpsc, Mutex};

use tsdbdown::compactor::{self, Compactor, Point};
use tsdbdown::config::Config;
use tsdbdown::ingest::IngestRing;
use tsdbdown::store::Store;
use tsdbdown::{ffi, query, snapshot, wal};

#[derive(Parser)]
struct Cli {
    #[arg(long, default_value = "tsdb.toml")]
    config: PathBuf,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    Serve,
    Snapshot { out: PathBuf },
}

#[derive(serde::Deserialize)]
struct WriteReq {
    series: String,
    points: Vec<(i64, f64)>,
}

async fn write(State(ring): State<Arc<Mutex<IngestRing>>>, Json(req): Json<WriteReq>) -> Result<(), String> {
    let mut ring = ring.lock().await;
    for (ts, value) in req.points {
        ring.append(&req.series, Point { ts, value }).await.map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let cli = Cli::parse();
    let cfg = Config::load(&cli.config)?;
    let store = Arc::new(Store::open(&cfg.data_dir)?);
    match cli.cmd {
        Cmd::Serve => {
            if unsafe { ffi::rollup_init(cfg.compaction.quantiles.len()) } != 0 {
                anyhow::bail!("rollup_init failed");
            }
            let (tx, rx) = mpsc::channel(1024);
            let (done_tx, mut done_rx) = mpsc::channel(1024);
            tokio::spawn(compactor::run(rx, Compactor::new(cfg.compaction.clone())?, done_tx));
            let sink = store.clone();
            tokio::spawn(async move {
                while let Some(r) = done_rx.recv().await {
                    sink.apply(r);
                }
            });
            let n = wal::replay(&cfg.data_dir.join("wal.log"), &tx).await?;
            tracing::info!(records = n, "WAL replayed");
            let ring = Arc::new(Mutex::new(IngestRing::new(cfg.ring_slots, cfg.points_per_slot, tx)?));
            let app = Router::new()
                .route("/write", post(write))
                .with_state(ring)
                .merge(Router::new().route("/downsample", get(query::downsample)).with_state(store));
            let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
            axum::serve(listener, app).await?;
            unsafe { ffi::rollup_shutdown() };
        }
        Cmd::Snapshot { out } => {
            std::fs::create_dir_all(&out)?;
            let dumps = store.dump_all();
            snapshot::export_values(&dumps, &out.join("values.bin"))?;
            snapshot::export_index(&dumps, &out.join("index.bin"))?;
        }
    }
    Ok(())
}
