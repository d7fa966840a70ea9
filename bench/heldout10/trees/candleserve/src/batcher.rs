//! Dynamic batching of /embed requests onto the embedding backend.
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{timeout_at, Instant};

use crate::pinned::HostPinned;
use crate::state::AppState;

pub struct BatchItem {
    pub tokens: Vec<u32>,
    pub reply: oneshot::Sender<Result<Vec<f32>>>,
}

fn prepare_inputs(batch: &[Vec<u32>], pad: u32) -> Result<(HostPinned<u32>, usize)> {
    let t = batch.iter().map(Vec::len).max().unwrap_or(1);
    let mut ids = HostPinned::<u32>::new(batch.len() * t)?;
    for (row, toks) in ids.as_mut_slice().chunks_mut(t).zip(batch) {
        row[..toks.len()].copy_from_slice(toks);
        row[toks.len()..].fill(pad);
    }
    Ok((ids, t))
}

fn run_batch(state: &AppState, batch: &[Vec<u32>]) -> Result<Vec<Vec<f32>>> {
    let (ids, t) = prepare_inputs(batch, 0)?;
    let backend = state.backends.get("tiny-lm").context("no embedding backend")?;
    let out = backend.embed(ids.as_slice(), batch.len(), t)?;
    let mut stage = state.embed_stage.lock().unwrap();
    let hidden = state.cfg.hidden;
    for (i, row) in out.iter().enumerate() {
        stage.as_mut_slice()[i * hidden..(i + 1) * hidden].copy_from_slice(&row[..hidden]);
    }
    Ok(out)
}

pub async fn run(mut rx: mpsc::Receiver<BatchItem>, state: Arc<AppState>) {
    loop {
        let Some(first) = rx.recv().await else { return };
        let mut items = vec![first];
        let deadline = Instant::now() + Duration::from_millis(state.cfg.batch_wait_ms);
        while items.len() < state.cfg.max_batch {
            match timeout_at(deadline, rx.recv()).await {
                Ok(Some(item)) => items.push(item),
                _ => break,
            }
        }
        let tokens: Vec<Vec<u32>> = items.iter().map(|i| i.tokens.clone()).collect();
        let st = state.clone();
        let result = tokio::task::spawn_blocking(move || run_batch(&st, &tokens)).await;
        match result {
            Ok(Ok(rows)) => {
                for (item, row) in items.into_iter().zip(rows) {
                    let _ = item.reply.send(Ok(row));
                }
            }
            Ok(Err(e)) => {
                for item in items {
                    let _ = item.reply.send(Err(anyhow::anyhow!("{e:#}")));
                }
            }
            Err(join) => {
                for item in items {
                    let _ = item.reply.send(Err(anyhow::anyhow!("batch task panicked: {join}")));
                }
            }
        }
    }
}
