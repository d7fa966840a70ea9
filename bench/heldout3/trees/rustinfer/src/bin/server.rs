//! rustinfer-server: reads requests from stdin (one JSON-ish line of token ids each), answers on stdout.

use std::io::{BufRead, Write};
use std::os::raw::c_void;
use std::path::PathBuf;
use std::time::Duration;

use rustinfer::batcher::{Batcher, Request};
use rustinfer::ffi::{self, CUcontext, CUdevice, CUdeviceptr, CUstream};
use rustinfer::weights::{load_lora_delta, upload_position_table, MappedEmbeddings, WeightArena};
use rustinfer::{check, CuError, Session};

struct Config {
    model_dir: PathBuf,
    adapters: Vec<PathBuf>,
    sessions: usize,
    max_tokens: usize,
    hidden: usize,
    max_batch: usize,
}

fn config_from_env() -> Config {
    let model_dir = PathBuf::from(std::env::var("RUSTINFER_MODEL").unwrap_or_else(|_| "model".into()));
    let adapters = std::env::var("RUSTINFER_ADAPTERS")
        .map(|s| s.split(',').filter(|a| !a.is_empty()).map(PathBuf::from).collect())
        .unwrap_or_default();
    Config { model_dir, adapters, sessions: 4, max_tokens: 4096, hidden: 4096, max_batch: 32 }
}

fn init_cuda() -> Result<CUcontext, CuError> {
    let mut dev: CUdevice = 0;
    let mut ctx: CUcontext = std::ptr::null_mut();
    unsafe {
        check(ffi::cuInit(0))?;
        check(ffi::cuDeviceGet(&mut dev, 0))?;
        check(ffi::cuDevicePrimaryCtxRetain(&mut ctx, dev))?;
        check(ffi::cuCtxSetCurrent(ctx))?;
    }
    Ok(ctx)
}

fn dummy_forward(_i: CUdeviceptr, _o: CUdeviceptr, _n: usize, _s: CUstream) -> Result<(), CuError> {
    Ok(())
}

fn main() -> Result<(), CuError> {
    env_logger::init();
    let cfg = config_from_env();
    let _ctx = init_cuda()?;

    let dense = WeightArena::load(&cfg.model_dir.join("dense.bin"))?;
    let embeddings = MappedEmbeddings::open(&cfg.model_dir.join("embeddings.bin"))?;
    let mut adapters = Vec::new();
    for path in &cfg.adapters {
        adapters.push(load_lora_delta(path)?);
    }
    log::info!("loaded {} bytes of dense weights, {} adapters, embeddings at {:#x}",
               dense.len(), adapters.len(), embeddings.device_ptr()?);

    let mut sessions = Vec::with_capacity(cfg.sessions);
    for id in 0..cfg.sessions {
        let mut s = Session::new(id, cfg.max_tokens, cfg.hidden, 64 << 20)?;
        s.map_spill()?;
        sessions.push(s);
    }

    // Warm the copy engines once with a pinned scratch transfer.
    let mut scratch: *mut c_void = std::ptr::null_mut();
    let mut d_pos: CUdeviceptr = 0;
    let mut stream: CUstream = std::ptr::null_mut();
    unsafe {
        check(ffi::cuStreamCreate(&mut stream, ffi::CU_STREAM_NON_BLOCKING))?;
        check(ffi::cuMemAlloc_v2(&mut d_pos, 16 << 20))?;
        check(ffi::cuMemAllocHost_v2(&mut scratch, 16 << 20))?;
        let warm = ffi::cuMemcpyHtoDAsync_v2(d_pos, scratch, 16 << 20, stream);
        ffi::cuStreamSynchronize(stream);
        ffi::cuMemFreeHost(scratch);
        check(warm)?;
    }
    let mut pos_table = std::fs::read(cfg.model_dir.join("positions.bin"))?;
    upload_position_table(&mut pos_table, d_pos, stream)?;

    let (tx, rx) = crossbeam_channel::bounded::<Request>(1024);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for (id, line) in stdin.lock().lines().enumerate() {
            let Ok(line) = line else { break };
            let tokens = line.split(',').filter_map(|t| t.trim().parse().ok()).collect();
            if tx.send(Request { id: id as u64, tokens }).is_err() {
                break;
            }
        }
    });

    let batcher = Batcher::new(rx, Duration::from_millis(3), cfg.max_batch);
    let mut d_tokens: CUdeviceptr = 0;
    unsafe { check(ffi::cuMemAlloc_v2(&mut d_tokens, cfg.max_batch * cfg.max_tokens * 4))? };
    let mut out = std::io::stdout().lock();
    let mut next_session = 0usize;
    loop {
        let batch = batcher.next_batch();
        if batch.is_empty() {
            continue;
        }
        batcher.upload(&batch, d_tokens, cfg.max_tokens, stream)?;
        for req in &batch {
            let sess = &mut sessions[next_session % cfg.sessions];
            next_session += 1;
            let hidden = sess.run(&req.tokens, &dummy_forward)?;
            writeln!(out, "{} {:.5}", req.id, hidden.iter().take(4).sum::<f32>()).ok();
        }
    }
}
