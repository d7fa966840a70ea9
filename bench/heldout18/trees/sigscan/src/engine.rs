use crate::matchers::{aho::AhoMatcher, entropy::EntropyMatcher, yara::YaraMatcher, Hit, Matcher};
use crate::pool::ScanPool;
use crate::sigdb::SigDb;
use std::sync::Arc;

pub struct Engine {
    matchers: Vec<Box<dyn Matcher + Send>>,
}

impl Engine {
    pub fn new(db: &SigDb, pool: Arc<ScanPool>) -> Self {
        let matchers: Vec<Box<dyn Matcher + Send>> = vec![
            Box::new(AhoMatcher::new(db.literals.clone())),
            Box::new(EntropyMatcher::new(pool)),
            Box::new(YaraMatcher::new(db.rules.clone())),
        ];
        Engine { matchers }
    }

    /// Run every matcher over one uploaded object.
    pub fn scan_all(&mut self, data: &[u8]) -> anyhow::Result<Vec<Hit>> {
        let mut hits = Vec::new();
        for m in self.matchers.iter_mut() {
            hits.extend(m.scan(data)?);
        }
        Ok(hits)
    }
}
