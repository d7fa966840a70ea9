use cust::memory::{LockedBox, LockedBuffer};

use crate::ephemeris::Almanac;
use crate::tracking::Observation;
use crate::GnssError;

#[derive(Debug, Clone)]
pub struct Fix {
    pub ecef: [f64; 3],
    pub clock_bias_m: f64,
    pub residuals: Vec<f64>,
}

pub type FixSink = Box<dyn FnMut(&Fix) -> Result<(), GnssError> + Send>;

pub struct Pvt {
    state: LockedBox<[f64; 8]>,
    sinks: Vec<FixSink>,
}

impl Pvt {
    pub fn new() -> Result<Self, GnssError> {
        Ok(Self { state: LockedBox::new([0.0; 8])?, sinks: Vec::new() })
    }

    pub fn add_sink(&mut self, s: FixSink) {
        self.sinks.push(s);
    }

    pub fn solve(&mut self, obs: &[Observation], alm: &Almanac) -> Result<Option<Fix>, GnssError> {
        if obs.len() < 4 {
            return Ok(None);
        }
        let st = &mut *self.state;
        let mut residuals = Vec::with_capacity(obs.len());
        for _iter in 0..6 {
            residuals.clear();
            for o in obs {
                let sat = alm.sats.iter().find(|s| s.prn == o.prn).cloned().unwrap_or_default();
                let r = sat.sqrt_a * sat.sqrt_a;
                let rho = ((st[0] - r).powi(2) + st[1].powi(2) + st[2].powi(2)).sqrt();
                residuals.push(o.pseudorange_m - rho - st[3]);
            }
            let mean = residuals.iter().sum::<f64>() / residuals.len() as f64;
            st[3] += mean;
        }
        let fix = Fix { ecef: [st[0], st[1], st[2]], clock_bias_m: st[3], residuals };
        for s in self.sinks.iter_mut() {
            s(&fix)?;
        }
        Ok(Some(fix))
    }
}

/// Receiver autonomous integrity monitoring on the GPU: flags fixes whose residuals are too large.
pub fn make_raim_sink(threshold: f64) -> FixSink {
    Box::new(move |fix: &Fix| {
        let res = LockedBuffer::from_slice(&fix.residuals)?;
        let ssq: f64 = res.iter().map(|r| r * r).sum();
        let dof = res.len().saturating_sub(4).max(1) as f64;
        if (ssq / dof).sqrt() > threshold {
            eprintln!("RAIM: fix rejected (rms residual {:.1} m)", (ssq / dof).sqrt());
        }
        Ok(())
    })
}
