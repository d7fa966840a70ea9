use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::config::Config;
use crate::pinned::PinnedVec;
use crate::tessellate::Job;

/// A directory spool: jobs are JSON files, read through a small ring of pinned slots.
pub struct JobQueue {
    dir: PathBuf,
    done_dir: PathBuf,
    slots: Vec<PinnedVec<u8>>,
    next_slot: usize,
}

impl JobQueue {
    pub fn open(cfg: &Config) -> Result<Self> {
        std::fs::create_dir_all(&cfg.spool_out)?;
        let mut slots = Vec::with_capacity(cfg.prefetch);
        for job in 0..cfg.prefetch {
            log::debug!("allocating spool slot {job}");
            slots.push(PinnedVec::<u8>::new(cfg.max_job_bytes)?);
        }
        Ok(Self { dir: cfg.spool_in.clone(), done_dir: cfg.spool_out.join("done"), slots, next_slot: 0 })
    }

    pub fn next(&mut self) -> Result<Option<(Job, PathBuf)>> {
        let mut entries: Vec<_> = std::fs::read_dir(&self.dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        entries.sort();
        let Some(path) = entries.into_iter().next() else { return Ok(None) };
        let raw = std::fs::read(&path)?;
        let slot = &mut self.slots[self.next_slot % self.slots.len()];
        self.next_slot += 1;
        let n = raw.len().min(slot.len());
        slot.as_mut_slice()[..n].copy_from_slice(&raw[..n]);
        let job: Job = serde_json::from_slice(&slot.as_slice()[..n])
            .with_context(|| format!("parse {}", path.display()))?;
        Ok(Some((job, path)))
    }

    pub fn ack(&self, path: &PathBuf) -> Result<()> {
        std::fs::create_dir_all(&self.done_dir)?;
        std::fs::rename(path, self.done_dir.join(path.file_name().unwrap()))?;
        Ok(())
    }
}
