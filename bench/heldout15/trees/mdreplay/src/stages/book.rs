use std::collections::HashMap;

use anyhow::Result;
use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::{Stream, StreamFlags};

use super::Stage;
use crate::capture::{Frame, Kind};

/// Keeps a price-level book per symbol and mirrors the touched symbol's top levels to the GPU.
pub struct BookBuilder {
    depth: usize,
    books: HashMap<u32, (Vec<(u32, u64)>, Vec<(u32, u64)>)>,
    dev_levels: DeviceBuffer<u64>,
    stream: Stream,
}

impl BookBuilder {
    pub fn new(depth: usize) -> Result<Self> {
        Ok(Self {
            depth,
            books: HashMap::new(),
            dev_levels: DeviceBuffer::zeroed(depth * 2)?,
            stream: Stream::new(StreamFlags::NON_BLOCKING, None)?,
        })
    }

    fn apply(&mut self, f: &Frame) {
        let (bids, asks) = self.books.entry(f.symbol).or_default();
        let side = if f.side == 0 { bids } else { asks };
        let qty = u64::from(f.qty);
        match f.kind {
            Kind::Add => match side.iter_mut().find(|(p, _)| *p == f.price) {
                Some(level) => level.1 += qty,
                None => side.push((f.price, qty)),
            },
            Kind::Modify | Kind::Delete | Kind::Trade => {
                if let Some(level) = side.iter_mut().find(|(p, _)| *p == f.price) {
                    level.1 = level.1.saturating_sub(qty);
                }
                side.retain(|(_, q)| *q > 0);
            }
        }
        if f.side == 0 {
            side.sort_by(|a, b| b.0.cmp(&a.0));
        } else {
            side.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }
}

impl Stage for BookBuilder {
    fn name(&self) -> &'static str {
        "book"
    }

    fn process(&mut self, frame: &Frame) -> Result<()> {
        self.apply(frame);
        let (bids, asks) = &self.books[&frame.symbol];
        let mut levels = LockedBuffer::new(&0u64, self.depth * 2)?;
        for (i, (p, q)) in bids.iter().take(self.depth).enumerate() {
            levels[i] = (u64::from(*p) << 32) | (*q & 0xffff_ffff);
        }
        for (i, (p, q)) in asks.iter().take(self.depth).enumerate() {
            levels[self.depth + i] = (u64::from(*p) << 32) | (*q & 0xffff_ffff);
        }
        unsafe { self.dev_levels.async_copy_from(&levels, &self.stream)? };
        self.stream.synchronize()?;
        Ok(())
    }
}
