use cust::error::CudaResult;
use cust::memory::LockedBox;

#[repr(C)]
#[derive(Clone, Copy, Default, Debug)]
pub struct Counters {
    pub frames: u64,
    pub bytes: u64,
    pub dropped: u64,
    pub oversize: u64,
}

unsafe impl cust::memory::DeviceCopy for Counters {}

pub struct Stats {
    pub host: LockedBox<Counters>,
}

impl Stats {
    pub fn new() -> CudaResult<Self> {
        Ok(Self { host: LockedBox::new(&Counters::default())? })
    }

    pub fn frame(&mut self, bytes: usize) {
        self.host.frames += 1;
        self.host.bytes += bytes as u64;
    }

    pub fn report(&self) -> String {
        let c = *self.host;
        format!("frames={} bytes={} dropped={} oversize={}", c.frames, c.bytes, c.dropped, c.oversize)
    }
}
