use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::ffi::GeoError;
use crate::kernels::registry;
use crate::pinned::HostBlock;

pub struct Job {
    pub kernel: String,
    pub grid: HostBlock,
    pub width: usize,
    pub height: usize,
    pub reply: Sender<Result<Vec<u8>, String>>,
}

pub struct WorkerPool {
    tx: Mutex<Sender<Job>>,
}

impl WorkerPool {
    /// Starts `n` resampling threads, each with its own page-locked staging block.
    pub fn new(n: usize, staging_bytes: usize) -> Result<Self, GeoError> {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..n {
            let staging = HostBlock::alloc(staging_bytes)?;
            let rx = Arc::clone(&rx);
            thread::Builder::new()
                .name(format!("resample-{i}"))
                .spawn(move || worker_loop(rx, staging))?;
        }
        Ok(WorkerPool { tx: Mutex::new(tx) })
    }

    pub fn submit(&self, job: Job) -> Result<(), GeoError> {
        self.tx.lock().unwrap().send(job).map_err(|_| GeoError::PoolClosed)
    }
}

fn worker_loop(rx: Arc<Mutex<Receiver<Job>>>, mut staging: HostBlock) {
    let kernels = registry();
    loop {
        let job = match rx.lock().unwrap().recv() {
            Ok(job) => job,
            Err(_) => break,
        };
        let kernel = kernels.get(job.kernel.as_str()).unwrap_or(&kernels["bilinear"]);
        let result = kernel
            .resample(&job, staging.as_mut_slice())
            .map(|n| staging.as_slice()[..n].to_vec())
            .map_err(|e| e.to_string());
        let _ = job.reply.send(result);
    }
}
