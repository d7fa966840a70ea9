mod config;
mod decoder;
mod export;
mod ffi;
mod ingest;
mod ring;
mod stage;
mod stages;

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use cudarc::driver::{CudaContext, PinnedHostSlice};

static CALIBRATION: OnceLock<PinnedHostSlice<f32>> = OnceLock::new();

fn calibration(ctx: &Arc<CudaContext>) -> &'static PinnedHostSlice<f32> {
    CALIBRATION.get_or_init(|| {
        let mut t = unsafe { ctx.alloc_pinned::<f32>(1024) }.expect("pinned calibration");
        for (i, v) in t.as_mut_slice().unwrap().iter_mut().enumerate() {
            *v = 1.0 + i as f32 * 1e-4;
        }
        t
    })
}

fn main() -> anyhow::Result<()> {
    let cfg = config::Config::load("telemetry.toml")?;
    let ctx = CudaContext::new(0)?;
    let cal = calibration(&ctx);
    let ring = ring::PinnedRing::new(&ctx, cfg.ring_slots, cfg.max_batch)?;
    let (tx, rx) = crossbeam_channel::bounded(cfg.ring_slots);
    let ingestor = ingest::Ingestor::new(ctx.clone(), cfg.max_batch)?;
    let worker = ingestor.spawn(rx);
    let mut pipeline = stage::build_pipeline(&ctx, &cfg)?;
    let mut decoder = decoder::Decoder::default();
    let mut last_flush = Instant::now();
    let mut seq = 0u64;
    loop {
        let Some(frame) = ring.next_frame(&cfg.source)? else { break };
        let batch = decoder.decode(&frame, cal.as_slice()?)?;
        for st in pipeline.iter_mut() {
            st.process(&batch)?;
        }
        tx.send(frame.to_vec())?;
        if last_flush.elapsed() > Duration::from_secs(cfg.flush_secs) {
            export::export_snapshot(&batch, seq)?;
            export::write_parquet(&mut batch.values.clone(), &cfg.out_dir, seq)?;
            last_flush = Instant::now();
            seq += 1;
        }
    }
    export::dump_index(&cfg.out_dir, seq)?;
    drop(tx);
    worker.join().ok();
    Ok(())
}
