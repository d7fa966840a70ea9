use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use logsearch::filters::default_filters;
use logsearch::index::Index;
use logsearch::ingest::{spawn_ingest, IndexWriter};
use logsearch::pb::log_search_server::LogSearchServer;
use logsearch::ring::Ring;
use logsearch::segment::Segment;
use logsearch::service::SearchService;
use tokio::sync::mpsc;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "segments".into()));
    let mut segments = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.extension().map_or(false, |e| e == "lseg") {
            segments.push(Arc::new(Segment::load(&path)?));
        }
    }
    let index = Arc::new(Index::open(&dir.join("terms.lidx"))?);
    let mut ring = Ring::new(8, 8 << 20)?;
    let service = SearchService::new(segments, index, dir.join("exports"))?;

    let (tx, rx) = mpsc::channel::<Vec<u8>>(64);
    let writer = Arc::new(Mutex::new(IndexWriter { bytes: 0 }));
    let ingest = spawn_ingest(rx, default_filters(), writer.clone());
    tokio::spawn(async move {
        // the shipper listener fills ring slots and forwards them to ingest
        let slot = ring.next_slot();
        let _ = tx.send(slot.as_slice()[..0].to_vec()).await;
    });

    tonic::transport::Server::builder()
        .add_service(LogSearchServer::new(service))
        .serve("0.0.0.0:7070".parse()?)
        .await?;
    ingest.await??;
    Ok(())
}
