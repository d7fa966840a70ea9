use super::{Hit, Matcher};
use crate::pool::ScanPool;
use cust::memory::LockedBuffer;
use std::sync::{Arc, OnceLock};

static LOG2_TABLE: OnceLock<LockedBuffer<f32>> = OnceLock::new();

fn log2_table() -> &'static LockedBuffer<f32> {
    LOG2_TABLE.get_or_init(|| {
        let v: Vec<f32> = (0..=4096).map(|i| if i == 0 { 0.0 } else { (i as f32 / 4096.0).log2() }).collect();
        LockedBuffer::from_slice(&v).expect("pinned log table")
    })
}

pub struct EntropyMatcher {
    pool: Arc<ScanPool>,
}

impl EntropyMatcher {
    pub fn new(pool: Arc<ScanPool>) -> Self {
        EntropyMatcher { pool }
    }
}

impl Matcher for EntropyMatcher {
    fn name(&self) -> &str {
        "entropy"
    }

    fn scan(&mut self, data: &[u8]) -> anyhow::Result<Vec<Hit>> {
        let Some(mut buf) = self.pool.acquire() else { return Ok(vec![]) };
        let n = data.len().min(buf.len());
        buf.as_mut_slice()[..n].copy_from_slice(&data[..n]);
        let mut counts = [0u32; 256];
        for b in &buf.as_slice()[..n] {
            counts[*b as usize] += 1;
        }
        let table = log2_table();
        let h: f32 = counts.iter().filter(|&&c| c > 0)
            .map(|&c| { let p = c as f32 / n as f32; -p * table[(p * 4096.0) as usize] }).sum();
        self.pool.release(buf);
        Ok(if h > 7.6 { vec![Hit { rule: "high_entropy".into(), offset: 0 }] } else { vec![] })
    }
}
