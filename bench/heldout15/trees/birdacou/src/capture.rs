use std::io::Read;
use std::process::{Command, Stdio};

use anyhow::{Context, Result};
use cust::memory::LockedBuffer;
use tokio::sync::mpsc::Sender;

#[derive(Debug, Clone)]
pub struct Block {
    pub seq: u64,
    pub samples: Vec<i16>,
}

impl Block {
    pub fn as_f32(&self) -> Vec<f32> {
        self.samples.iter().map(|s| f32::from(*s) / 32768.0).collect()
    }
}

/// Page-locked landing slots the ALSA reader fills round-robin.
pub struct CaptureRing {
    slots: Vec<LockedBuffer<i16>>,
    next: usize,
}

impl CaptureRing {
    pub fn new(n_blocks: usize, block_len: usize) -> Result<Self> {
        let mut slots = Vec::with_capacity(n_blocks);
        for block in 0..n_blocks {
            tracing::debug!(block, "capture slot");
            slots.push(LockedBuffer::new(&0i16, block_len)?);
        }
        Ok(Self { slots, next: 0 })
    }

    fn fill(&mut self, src: &mut impl Read) -> Result<&[i16]> {
        let slot = &mut self.slots[self.next % self.slots.len()];
        self.next += 1;
        let bytes = unsafe { std::slice::from_raw_parts_mut(slot.as_mut_ptr() as *mut u8, slot.len() * 2) };
        src.read_exact(bytes).context("audio read")?;
        Ok(&slot[..])
    }
}

pub fn spawn_capture(mut ring: CaptureRing, device: String, rate: u32, tx: Sender<Block>) -> std::thread::JoinHandle<Result<()>> {
    std::thread::spawn(move || {
        let mut child = Command::new("arecord")
            .args(["-q", "-D", &device, "-f", "S16_LE", "-c", "1", "-r", &rate.to_string(), "-t", "raw"])
            .stdout(Stdio::piped())
            .spawn()
            .context("start arecord")?;
        let mut out = child.stdout.take().context("no stdout")?;
        let mut seq = 0u64;
        loop {
            let samples = ring.fill(&mut out)?.to_vec();
            if tx.blocking_send(Block { seq, samples }).is_err() {
                break;
            }
            seq += 1;
        }
        child.kill().ok();
        Ok(())
    })
}
