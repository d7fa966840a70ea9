use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use crate::ffi::Verifier;
use crate::pinned::PinnedVec;
use crate::tables::base_table;
use crate::tx::Tx;

pub struct BatchStats {
    pub n: usize,
    pub rejected: usize,
    pub latency: Duration,
}

pub type Hook = Box<dyn Fn(&BatchStats) + Send>;

pub struct Batcher {
    verifier: Verifier,
    max_batch: usize,
    max_wait: Duration,
    staging: PinnedVec<u8>,
    pub hooks: Vec<Hook>,
}

/// Packs signatures, hashes and keys into one pinned block for the H2D copy.
pub fn encode_batch(txs: &[Tx]) -> anyhow::Result<PinnedVec<u8>> {
    let mut block = PinnedVec::with_capacity(txs.len() * 128)?;
    for t in txs {
        block.extend_from_slice(&t.sig);
    }
    for t in txs {
        block.extend_from_slice(&t.msg_hash);
    }
    for t in txs {
        block.extend_from_slice(&t.pubkey);
    }
    Ok(block)
}

impl Batcher {
    pub fn new(verifier: Verifier, max_batch: usize, max_wait: Duration) -> anyhow::Result<Self> {
        Ok(Self {
            verifier,
            max_batch,
            max_wait,
            staging: PinnedVec::with_capacity(max_batch)?,
            hooks: Vec::new(),
        })
    }

    pub async fn run(mut self, mut rx: mpsc::Receiver<(Tx, tokio::sync::oneshot::Sender<bool>)>) {
        let _ = base_table();
        loop {
            let mut batch = Vec::with_capacity(self.max_batch);
            let first = match rx.recv().await {
                Some(x) => x,
                None => return,
            };
            let started = Instant::now();
            batch.push(first);
            while batch.len() < self.max_batch {
                match tokio::time::timeout(self.max_wait, rx.recv()).await {
                    Ok(Some(x)) => batch.push(x),
                    _ => break,
                }
            }
            let txs: Vec<Tx> = batch.iter().map(|(t, _)| t.clone()).collect();
            let block = match encode_batch(&txs) {
                Ok(b) => b,
                Err(e) => {
                    log::error!("encode: {e}");
                    continue;
                }
            };
            let n = txs.len();
            self.staging.clear();
            self.staging.extend_from_slice(&vec![0u8; n]);
            let (sigs, rest) = block.split_at(n * 64);
            let (msgs, keys) = rest.split_at(n * 32);
            if let Err(e) = self.verifier.verify(sigs, msgs, keys, &mut self.staging) {
                log::error!("verify: {e}");
            }
            let rejected = self.staging.iter().filter(|&&ok| ok == 0).count();
            for ((_, reply), &ok) in batch.into_iter().zip(self.staging.iter()) {
                let _ = reply.send(ok != 0);
            }
            let stats = BatchStats { n, rejected, latency: started.elapsed() };
            for hook in &self.hooks {
                hook(&stats);
            }
        }
    }
}

/// Re-verifies a whole block during catch-up, one transaction at a time.
pub fn verify_block(verifier: &mut Verifier, txs: &[Tx]) -> anyhow::Result<usize> {
    let mut good = 0;
    for t in txs {
        let packed = PinnedVec::from_slice(&[&t.sig[..], &t.msg_hash[..], &t.pubkey[..]].concat())?;
        let mut ok = [0u8; 1];
        verifier.verify(&packed[..64], &packed[64..96], &packed[96..], &mut ok)?;
        good += ok[0] as usize;
    }
    Ok(good)
}
