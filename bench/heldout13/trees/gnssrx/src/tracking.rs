use std::sync::Arc;

use cust::memory::LockedBuffer;

use crate::acquisition::AcqResult;
use crate::pinned::{Iq, PinnedSamples};
use crate::{ffi, AcqContext, GnssError};

#[derive(Debug, Clone, Copy)]
pub struct Observation {
    pub prn: u8,
    pub pseudorange_m: f64,
    pub doppler_hz: f64,
    pub cn0_dbhz: f64,
}

pub struct Channel {
    prn: u8,
    code_phase: f64,
    carrier_hz: f64,
    n_taps: usize,
    dll: f64,
    pll: f64,
    cn0: f64,
}

impl Channel {
    fn from_acq(a: AcqResult) -> Self {
        Self { prn: a.prn, code_phase: a.code_phase, carrier_hz: a.doppler_hz, n_taps: 1, dll: 0.0, pll: 0.0, cn0: 35.0 }
    }

    fn update(&mut self, corr: &[Iq]) {
        let (e, p, l) = (corr[0], corr[1], corr[2]);
        let mag = |x: Iq| (x.re * x.re + x.im * x.im).sqrt() as f64;
        let disc = (mag(e) - mag(l)) / (mag(e) + mag(l) + 1e-9);
        self.dll = 0.9 * self.dll + 0.1 * disc;
        self.code_phase -= 0.5 * self.dll;
        self.pll = (p.im as f64).atan2(p.re as f64);
        self.carrier_hz += 2.0 * self.pll;
        self.cn0 = 0.98 * self.cn0 + 0.02 * (10.0 * (mag(p) + 1e-9).log10() + 30.0);
    }

    fn observation(&self) -> Observation {
        Observation {
            prn: self.prn,
            pseudorange_m: self.code_phase * 293.052,
            doppler_hz: self.carrier_hz,
            cn0_dbhz: self.cn0,
        }
    }
}

pub struct Tracker {
    ctx: Arc<AcqContext>,
    channels: Vec<Channel>,
    history: PinnedSamples,
    head: usize,
}

impl Tracker {
    pub fn new(ctx: Arc<AcqContext>, history_len: usize) -> Result<Self, GnssError> {
        let history = PinnedSamples::new(history_len)?;
        Ok(Self { ctx, channels: Vec::new(), history, head: 0 })
    }

    pub fn add_channel(&mut self, a: AcqResult) {
        if !self.channels.iter().any(|c| c.prn == a.prn) {
            self.channels.push(Channel::from_acq(a));
        }
    }

    pub fn update_all(&mut self, chunk: &PinnedSamples) -> Result<Vec<Observation>, GnssError> {
        let n = chunk.len();
        let h = self.history.len();
        for (i, s) in chunk.as_slice().iter().enumerate() {
            self.history.as_mut_slice()[(self.head + i) % h] = *s;
        }
        self.head = (self.head + n) % h;
        let mut obs = Vec::with_capacity(self.channels.len());
        for ch in self.channels.iter_mut() {
            let mut corr = LockedBuffer::new(&Iq::default(), 3 * ch.n_taps)?;
            let rc = unsafe {
                ffi::acq_correlate(
                    self.ctx.raw(),
                    chunk.as_ptr().cast(),
                    n as i32,
                    ch.prn as i32,
                    ch.code_phase,
                    ch.carrier_hz,
                    ch.n_taps as i32,
                    corr.as_mut_ptr().cast(),
                )
            };
            if rc != 0 {
                return Err(GnssError::Kernel(rc));
            }
            ch.update(&corr);
            obs.push(ch.observation());
        }
        self.channels.retain(|c| c.cn0 > 25.0);
        Ok(obs)
    }
}
