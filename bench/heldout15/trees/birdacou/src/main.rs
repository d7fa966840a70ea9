use std::path::PathBuf;

use anyhow::{Context, Result};
use birdacou::capture::{spawn_capture, CaptureRing};
use birdacou::config::Config;
use birdacou::detector::Detector;
use birdacou::model::Model;
use birdacou::{archive, frontend, health, upload};
use cust::memory::DeviceBuffer;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    tracing_subscriber::fmt::init();
    let path = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "config/station.toml".into()));
    let cfg = Config::load(&path)?;
    let _ctx = cust::quick_init().context("CUDA init")?;

    let block_len = cfg.block_len();
    let ring = CaptureRing::new(cfg.ring_blocks, block_len)?;
    let (tx, mut rx) = tokio::sync::mpsc::channel(cfg.ring_blocks);
    let capture = spawn_capture(ring, cfg.device.clone(), cfg.sample_rate, tx);

    let frontends = frontend::build(&cfg.frontends, cfg.sample_rate, block_len)?;
    let model = Model::load(&cfg.model, cfg.n_species)?;
    let mut detector = Detector::new(frontends, model, cfg.threshold);
    let mut upload_queue = DeviceBuffer::<f32>::zeroed(block_len)?;
    let mut index = Vec::new();

    while let Some(block) = rx.recv().await {
        detector.on_block(&block)?;
        health::bump(health::BLOCKS, 1);
        if detector.pending() >= cfg.upload_batch {
            let dets = detector.take_detections();
            for d in &dets {
                archive::store_clip(d, &cfg.archive_dir, cfg.sample_rate)?;
                index.push(format!("{} {} {:.3}", d.seq, d.species, d.score));
            }
            let n = upload::flush(&dets, &mut upload_queue)?;
            health::bump(health::UPLOADS, n as u64);
        }
    }
    archive::write_day_index(&index, &cfg.archive_dir.join("index.txt"))?;
    capture.join().ok();
    Ok(())
}
