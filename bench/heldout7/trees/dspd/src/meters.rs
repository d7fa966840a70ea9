use std::sync::{Mutex, OnceLock};

use crate::ffi::HostSamples;

static METERS: OnceLock<Mutex<HostSamples>> = OnceLock::new();

pub fn meters() -> &'static Mutex<HostSamples> {
    METERS.get_or_init(|| Mutex::new(HostSamples::alloc(64).expect("meter block")))
}

pub struct PeakHistory {
    buf: Option<HostSamples>,
    len: usize,
}

impl PeakHistory {
    pub fn new() -> Self {
        PeakHistory { buf: None, len: 0 }
    }

    pub fn push(&mut self, peak: f32) -> anyhow::Result<()> {
        let cap = self.buf.as_ref().map_or(0, |b| b.len);
        if self.len == cap {
            let mut grown = HostSamples::alloc((cap * 2).max(4096))?;
            if let Some(old) = self.buf.as_mut() {
                grown.as_mut()[..cap].copy_from_slice(old.as_mut());
            }
            self.buf = Some(grown);
        }
        self.buf.as_mut().unwrap().as_mut()[self.len] = peak;
        self.len += 1;
        Ok(())
    }
}
