use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::decode::Decoder;
use crate::ffi::SearchError;
use crate::filters::Filter;
use crate::pinned::PinnedBuf;

pub struct IndexWriter {
    pub bytes: u64,
}

impl IndexWriter {
    pub fn append(&mut self, data: &[u8]) {
        self.bytes += data.len() as u64;
    }
}

/// Receives compressed batches from the shippers, filters them and appends them to the index.
pub fn spawn_ingest(
    mut rx: mpsc::Receiver<Vec<u8>>,
    filters: Vec<Box<dyn Filter>>,
    writer: Arc<Mutex<IndexWriter>>,
) -> JoinHandle<Result<(), SearchError>> {
    tokio::spawn(async move {
        let mut decoder = Decoder::default();
        while let Some(frame) = rx.recv().await {
            let plain = decoder.decode(&frame)?;
            let mut staging = PinnedBuf::new(plain.len())?;
            staging.as_mut_slice().copy_from_slice(plain);
            for f in &filters {
                let kept = f.apply(staging.as_mut_slice())?;
                tracing::trace!(filter = f.name(), kept);
            }
            writer.lock().unwrap().append(staging.as_slice());
        }
        Ok(())
    })
}
