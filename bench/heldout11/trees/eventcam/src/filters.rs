use cust::memory::LockedBuffer;

use crate::events::Event;

pub trait Filter: Send {
    fn name(&self) -> &'static str;
    fn apply(&mut self, events: &[Event]) -> anyhow::Result<Vec<Event>>;
}

pub struct RefractoryFilter {
    pub period_us: i64,
    pub last: Vec<i64>,
    pub width: usize,
}

impl Filter for RefractoryFilter {
    fn name(&self) -> &'static str {
        "refractory"
    }

    fn apply(&mut self, events: &[Event]) -> anyhow::Result<Vec<Event>> {
        let mut keep = Vec::with_capacity(events.len());
        for chunk in events.chunks(4096) {
            let staged = LockedBuffer::from_slice(chunk)?;
            for e in staged.as_slice() {
                let k = e.y as usize * self.width + e.x as usize;
                if e.t_us - self.last[k] >= self.period_us {
                    self.last[k] = e.t_us;
                    keep.push(*e);
                }
            }
        }
        Ok(keep)
    }
}

pub struct BackgroundActivityFilter {
    pub window_us: i64,
    pub width: usize,
    pub height: usize,
    pub stamps: Vec<i64>,
}

impl Filter for BackgroundActivityFilter {
    fn name(&self) -> &'static str {
        "baf"
    }

    fn apply(&mut self, events: &[Event]) -> anyhow::Result<Vec<Event>> {
        let mut support = LockedBuffer::new(&0u8, events.len())?;
        for (i, e) in events.iter().enumerate() {
            let (x, y) = (e.x as usize, e.y as usize);
            let mut n = 0u8;
            for dy in y.saturating_sub(1)..=(y + 1).min(self.height - 1) {
                for dx in x.saturating_sub(1)..=(x + 1).min(self.width - 1) {
                    if (dx, dy) != (x, y) && e.t_us - self.stamps[dy * self.width + dx] < self.window_us {
                        n += 1;
                    }
                }
            }
            support[i] = n;
            self.stamps[y * self.width + x] = e.t_us;
        }
        Ok(events.iter().zip(support.iter()).filter(|(_, &s)| s > 0).map(|(e, _)| *e).collect())
    }
}
