use super::{Hit, Matcher};
use cust::memory::LockedBuffer;

pub struct YaraMatcher {
    rules: Vec<u32>,
}

impl YaraMatcher {
    pub fn new(rules: Vec<u32>) -> Self {
        YaraMatcher { rules }
    }
}

impl Matcher for YaraMatcher {
    fn name(&self) -> &str {
        "yara"
    }

    fn scan(&mut self, data: &[u8]) -> anyhow::Result<Vec<Hit>> {
        let mut hits = Vec::new();
        // rules are evaluated 256 at a time; each chunk is staged for the rule kernel
        for (c, chunk) in self.rules.chunks(256).enumerate() {
            let staged = LockedBuffer::from_slice(chunk)?;
            for (i, r) in staged.iter().enumerate() {
                let needle = r.to_le_bytes();
                if data.windows(4).any(|w| w == needle) {
                    hits.push(Hit { rule: format!("yara{}", c * 256 + i), offset: 0 });
                }
            }
        }
        Ok(hits)
    }
}
