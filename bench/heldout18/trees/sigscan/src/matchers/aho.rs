use super::{Hit, Matcher};
use crate::pinned::HostBlock;

pub struct AhoMatcher {
    literals: Vec<Vec<u8>>,
}

impl AhoMatcher {
    pub fn new(literals: Vec<Vec<u8>>) -> Self {
        AhoMatcher { literals }
    }
}

impl Matcher for AhoMatcher {
    fn name(&self) -> &str {
        "aho"
    }

    fn scan(&mut self, data: &[u8]) -> anyhow::Result<Vec<Hit>> {
        // stage the object in page-locked memory so the automaton kernel can DMA it
        let mut staged = HostBlock::new(data.len())?;
        staged.as_mut_slice().copy_from_slice(data);
        let bytes = staged.as_mut_slice();
        let mut hits = Vec::new();
        for (i, lit) in self.literals.iter().enumerate() {
            if let Some(off) = bytes.windows(lit.len()).position(|w| w == lit.as_slice()) {
                hits.push(Hit { rule: format!("lit{i}"), offset: off });
            }
        }
        Ok(hits)
    }
}
