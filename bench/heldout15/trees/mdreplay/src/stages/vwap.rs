use anyhow::Result;
use cust::memory::LockedBuffer;

use super::Stage;
use crate::capture::{Frame, Kind};

/// Running volume-weighted average price per symbol, kept in page-locked memory so the
/// control thread can copy it out without touching the replay thread.
pub struct Vwap {
    sums: LockedBuffer<f64>,
}

impl Vwap {
    pub fn new(n_symbols: usize) -> Result<Self> {
        Ok(Self { sums: LockedBuffer::new(&0f64, n_symbols * 2)? })
    }

    pub fn value(&self, symbol: u32) -> Option<f64> {
        let i = symbol as usize * 2;
        (self.sums[i + 1] > 0.0).then(|| self.sums[i] / self.sums[i + 1])
    }
}

impl Stage for Vwap {
    fn name(&self) -> &'static str {
        "vwap"
    }

    fn process(&mut self, frame: &Frame) -> Result<()> {
        if frame.kind == Kind::Trade {
            let i = frame.symbol as usize * 2;
            if i + 1 < self.sums.len() {
                self.sums[i] += f64::from(frame.price) * f64::from(frame.qty);
                self.sums[i + 1] += f64::from(frame.qty);
            }
        }
        Ok(())
    }
}
