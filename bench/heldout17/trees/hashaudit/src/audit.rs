use cust::stream::{Stream, StreamFlags};

use crate::config::AuditConfig;
use crate::hasher::HashKernel;
use crate::hashlist::HashList;
use crate::pinned::Registered;
use crate::rules::Mangler;
use crate::staging::StagingPool;
use crate::wordlist::{batches, pack, pin_chunks};

pub struct Auditor<'a> {
    cfg: AuditConfig,
    kernels: Vec<Box<dyn HashKernel>>,
    manglers: Vec<Mangler>,
    pool: StagingPool,
    targets: Registered<'a>,
    stream: Stream,
    pub cracked: usize,
}

impl<'a> Auditor<'a> {
    pub fn new(
        cfg: AuditConfig,
        kernels: Vec<Box<dyn HashKernel>>,
        manglers: Vec<Mangler>,
        target_bytes: &'a mut [u8],
    ) -> anyhow::Result<Self> {
        let pool = StagingPool::new(cfg.staging_slots, cfg.batch * 16)?;
        let targets = Registered::new(target_bytes)?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        Ok(Self { cfg, kernels, manglers, pool, targets, stream, cracked: 0 })
    }

    pub fn run(&mut self, _hl: &HashList) -> anyhow::Result<usize> {
        for words in batches(&self.cfg.wordlist, self.cfg.batch)? {
            let mut expanded = words;
            for m in &self.manglers {
                expanded = (m.apply)(&expanded)?;
            }
            let chunks = pin_chunks(&expanded, 4096)?;
            let slot = self.pool.acquire();
            let packed = pack(&expanded);
            let n = packed.bytes.len().min(slot.len());
            slot[..n].copy_from_slice(&packed.bytes[..n]);
            for k in self.kernels.iter_mut() {
                let digests = k.run(&packed, &self.stream)?;
                self.cracked += digests
                    .chunks(32)
                    .filter(|d| self.targets.as_slice().windows(d.len()).any(|t| t == *d))
                    .count();
            }
            log::debug!("batch: {} candidates in {} chunks", expanded.len(), chunks.len());
        }
        Ok(self.cracked)
    }
}
