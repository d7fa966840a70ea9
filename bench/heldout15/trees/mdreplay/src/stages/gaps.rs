use anyhow::Result;
use cust::memory::LockedBuffer;

use super::Stage;
use crate::capture::Frame;

/// Marks sequence numbers seen per 64-message word; the GPU checker scans the bitmap.
pub struct GapDetector {
    seen: LockedBuffer<u64>,
    base: u64,
    gaps: u64,
    last: Option<u64>,
}

impl GapDetector {
    pub fn new(words: usize) -> Result<Self> {
        Ok(Self { seen: LockedBuffer::new(&0u64, words)?, base: 0, gaps: 0, last: None })
    }

    pub fn gaps(&self) -> u64 {
        self.gaps
    }
}

impl Stage for GapDetector {
    fn name(&self) -> &'static str {
        "gaps"
    }

    fn process(&mut self, frame: &Frame) -> Result<()> {
        let rel = frame.seq.saturating_sub(self.base);
        let word = (rel / 64) as usize;
        if word >= self.seen.len() {
            let mut grown = LockedBuffer::new(&0u64, (word + 1).next_power_of_two())?;
            grown[..self.seen.len()].copy_from_slice(&self.seen);
            self.seen = grown;
        }
        self.seen[word] |= 1u64 << (rel % 64);
        if let Some(prev) = self.last {
            if frame.seq > prev + 1 {
                self.gaps += frame.seq - prev - 1;
            }
        }
        self.last = Some(frame.seq);
        Ok(())
    }
}
