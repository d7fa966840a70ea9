mod acquisition;
mod config;
mod ephemeris;
mod ffi;
mod pinned;
mod pvt;
mod source;
mod tracking;

use std::ffi::CString;
use std::os::raw::c_void;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;

use crate::acquisition::Acquirer;
use crate::config::Config;
use crate::pinned::PinnedSamples;
use crate::pvt::{make_raim_sink, Pvt};
use crate::source::SampleSource;
use crate::tracking::Tracker;

#[derive(Debug, thiserror::Error)]
pub enum GnssError {
    #[error("CUDA driver error {0}")]
    Cuda(i32),
    #[error("kernel error {0}")]
    Kernel(i32),
    #[error(transparent)]
    Cust(#[from] cust::error::CudaError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("format: {0}")]
    Format(String),
}

/// Owns the acquisition library's context (kernels/acq.cu).
pub struct AcqContext(*mut ffi::acq_context);

unsafe impl Send for AcqContext {}
unsafe impl Sync for AcqContext {}

impl AcqContext {
    pub fn new(max_samples: usize, doppler_bins: usize) -> Result<Self, GnssError> {
        let p = unsafe { ffi::acq_context_create(max_samples as i32, doppler_bins as i32) };
        if p.is_null() {
            return Err(GnssError::Cuda(-1));
        }
        Ok(Self(p))
    }

    pub fn raw(&self) -> *mut ffi::acq_context {
        self.0
    }
}

impl Drop for AcqContext {
    fn drop(&mut self) {
        unsafe { ffi::acq_context_destroy(self.0) };
    }
}

/// Keeps the recorder ring registered for the whole run.
struct Registered(*mut c_void);

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { ffi::cuMemHostUnregister(self.0) };
    }
}

fn register_ring(ring: &mut [u8]) -> Result<Registered, GnssError> {
    let rc = unsafe { ffi::cuMemHostRegister_v2(ring.as_mut_ptr().cast(), ring.len(), ffi::CU_MEMHOSTREGISTER_DEVICEMAP) };
    if rc != 0 {
        return Err(GnssError::Cuda(rc));
    }
    Ok(Registered(ring.as_mut_ptr().cast()))
}

#[derive(Parser, Debug)]
#[command(name = "gnssrx", about = "GPU software-defined GPS receiver")]
struct Args {
    /// int8 IQ recording
    input: PathBuf,
    #[arg(long, default_value = "config/receiver.toml")]
    config: PathBuf,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let cfg = Config::load(&args.config)?;
    let _cuda = cust::quick_init()?;
    let ctx = Arc::new(AcqContext::new(cfg.max_samples, cfg.doppler_bins)?);
    if let Some(path) = &cfg.l5_code_table {
        let c = CString::new(path.to_string_lossy().as_bytes())?;
        let mut n = 0;
        let t = unsafe { ffi::acq_load_code_table(c.as_ptr(), &mut n) };
        if t.is_null() {
            eprintln!("no usable L5 code table at {}", path.display());
        } else {
            unsafe { ffi::acq_free_code_table(t) };
        }
    }
    let almanac = ephemeris::load_almanac(&cfg.almanac)?;
    let mut ring = vec![0u8; cfg.recorder_ring_bytes];
    let _ring_guard = register_ring(&mut ring)?;

    let (tx, mut rx) = tokio::sync::mpsc::channel::<PinnedSamples>(8);
    let mut src = SampleSource::open(&args.input, cfg.chunk_len)?;
    let reader = tokio::task::spawn_blocking(move || -> Result<(), GnssError> {
        while let Some(chunk) = src.next_chunk()? {
            if tx.blocking_send(chunk).is_err() {
                break;
            }
        }
        Ok(())
    });

    let mut acq = Acquirer::new(ctx.clone(), cfg.fs_hz, cfg.doppler_bins);
    let mut tracker = Tracker::new(ctx.clone(), cfg.history_len)?;
    let mut pvt = Pvt::new()?;
    pvt.add_sink(make_raim_sink(cfg.raim_threshold));
    pvt.add_sink(Box::new(|fix| {
        println!("{:.3} {:.3} {:.3} dt={:.1}m", fix.ecef[0], fix.ecef[1], fix.ecef[2], fix.clock_bias_m);
        Ok(())
    }));

    let mut epoch = 0u64;
    while let Some(chunk) = rx.recv().await {
        if epoch % cfg.reacquire_every == 0 {
            for prn in 1..=32u8 {
                if let Some(hit) = acq.search(&chunk, prn)? {
                    tracker.add_channel(hit);
                }
            }
        }
        let obs = tracker.update_all(&chunk)?;
        pvt.solve(&obs, &almanac)?;
        epoch += 1;
    }
    reader.await??;
    Ok(())
}
