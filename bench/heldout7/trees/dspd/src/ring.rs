use crate::ffi::HostSamples;

pub struct PinnedRing {
    buf: HostSamples,
    period: usize,
    periods: usize,
    read: usize,
}

impl PinnedRing {
    pub fn new(period: usize, periods: usize, channels: usize) -> anyhow::Result<Self> {
        Ok(PinnedRing { buf: HostSamples::alloc(period * periods * channels)?, period: period * channels, periods, read: 0 })
    }

    pub fn next_period(&mut self) -> &mut [f32] {
        let start = self.read * self.period;
        self.read = (self.read + 1) % self.periods;
        &mut self.buf.as_mut()[start..start + self.period]
    }
}
