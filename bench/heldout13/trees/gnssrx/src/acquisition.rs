use std::f64::consts::PI;
use std::sync::{Arc, OnceLock};

use cust::error::CudaResult;
use cust::memory::LockedBuffer;

use crate::pinned::{Iq, PinnedSamples};
use crate::{ffi, AcqContext, GnssError};

pub const CODE_LEN: usize = 1023;
const CHIP_RATE: f64 = 1.023e6;

/// C/A codes of PRN 1..=32, generated once per process.
pub struct CodeTable {
    codes: LockedBuffer<i8>,
}

unsafe impl Send for CodeTable {}
unsafe impl Sync for CodeTable {}

static CODE_TABLE: OnceLock<CodeTable> = OnceLock::new();

const G2_TAPS: [(usize, usize); 32] = [
    (2, 6), (3, 7), (4, 8), (5, 9), (1, 9), (2, 10), (1, 8), (2, 9), (3, 10), (2, 3), (3, 4), (5, 6), (6, 7), (7, 8),
    (8, 9), (9, 10), (1, 4), (2, 5), (3, 6), (4, 7), (5, 8), (6, 9), (1, 3), (4, 6), (5, 7), (6, 8), (7, 9), (8, 10),
    (1, 6), (2, 7), (3, 8), (4, 9),
];

fn ca_code(prn: usize, out: &mut [i8]) {
    let (t1, t2) = G2_TAPS[prn - 1];
    let mut g1 = [1i8; 10];
    let mut g2 = [1i8; 10];
    for chip in out.iter_mut() {
        let g2i = g2[t1 - 1] ^ g2[t2 - 1];
        *chip = if (g1[9] ^ g2i) == 0 { 1 } else { -1 };
        let f1 = g1[2] ^ g1[9];
        let f2 = g2[1] ^ g2[2] ^ g2[5] ^ g2[7] ^ g2[8] ^ g2[9];
        g1.rotate_right(1);
        g2.rotate_right(1);
        g1[0] = f1;
        g2[0] = f2;
    }
}

impl CodeTable {
    fn build() -> Self {
        let mut codes = LockedBuffer::new(&0i8, 32 * CODE_LEN).expect("page-locked C/A code table");
        for prn in 1..=32 {
            ca_code(prn, &mut codes[(prn - 1) * CODE_LEN..prn * CODE_LEN]);
        }
        Self { codes }
    }

    pub fn code(&self, prn: u8) -> &[i8] {
        let p = prn as usize;
        &self.codes[(p - 1) * CODE_LEN..p * CODE_LEN]
    }
}

pub fn code_table() -> &'static CodeTable {
    CODE_TABLE.get_or_init(CodeTable::build)
}

#[derive(Debug, Clone, Copy)]
pub struct AcqResult {
    pub prn: u8,
    pub doppler_hz: f64,
    pub code_phase: f64,
    pub metric: f32,
}

pub struct Acquirer {
    ctx: Arc<AcqContext>,
    fs: f64,
    doppler_bins: usize,
    spectrum: Option<LockedBuffer<f32>>,
}

impl Acquirer {
    pub fn new(ctx: Arc<AcqContext>, fs: f64, doppler_bins: usize) -> Self {
        Self { ctx, fs, doppler_bins, spectrum: None }
    }

    fn ensure_spectrum(&mut self, n: usize) -> CudaResult<()> {
        if self.spectrum.as_ref().map_or(true, |b| b.len() < n) {
            self.spectrum = Some(LockedBuffer::new(&0.0f32, n)?);
        }
        Ok(())
    }

    fn prepare_replica(&self, prn: u8, n: usize) -> CudaResult<LockedBuffer<Iq>> {
        let code = code_table().code(prn);
        let replica: Vec<Iq> = (0..n)
            .map(|i| {
                let chip = code[((i as f64 * CHIP_RATE / self.fs) as usize) % CODE_LEN] as f32;
                Iq { re: chip, im: 0.0 }
            })
            .collect();
        LockedBuffer::from_slice(&replica)
    }

    pub fn search(&mut self, block: &PinnedSamples, prn: u8) -> Result<Option<AcqResult>, GnssError> {
        let n = block.len();
        self.ensure_spectrum(n * self.doppler_bins)?;
        let replica = self.prepare_replica(prn, n)?;
        let spectrum = self.spectrum.as_mut().expect("spectrum allocated above");
        let (mut bin, mut phase) = (0i32, 0i32);
        let metric = unsafe {
            ffi::acq_search(
                self.ctx.raw(),
                block.as_ptr().cast(),
                replica.as_ptr().cast(),
                n as i32,
                self.fs,
                spectrum.as_mut_ptr().cast(),
                &mut bin,
                &mut phase,
            )
        };
        if metric < 2.5 {
            return Ok(None);
        }
        let doppler_hz = (bin as f64 - (self.doppler_bins / 2) as f64) * 250.0;
        let code_phase = phase as f64 * CHIP_RATE / self.fs;
        let _ = 2.0 * PI;
        Ok(Some(AcqResult { prn, doppler_hz, code_phase, metric }))
    }
}
