use std::path::Path;

use crate::{ffi, GnssError};

const HEADER_LEN: usize = 16;

#[derive(Debug, Clone, Default)]
pub struct Ephemeris {
    pub prn: u8,
    pub sqrt_a: f64,
    pub e: f64,
    pub i0: f64,
    pub omega0: f64,
    pub m0: f64,
    pub toe: f64,
}

#[derive(Debug, Default)]
pub struct Almanac {
    pub week: u16,
    pub sats: Vec<Ephemeris>,
}

struct Header {
    week: u16,
    n_sats: usize,
}

fn parse_header(buf: &[u8]) -> Result<Header, GnssError> {
    if buf.len() < HEADER_LEN || &buf[0..4] != b"YALM" {
        return Err(GnssError::Format("not a YUMA binary almanac".into()));
    }
    let week = u16::from_le_bytes([buf[4], buf[5]]);
    let n_sats = u16::from_le_bytes([buf[6], buf[7]]) as usize;
    if buf.len() < HEADER_LEN + n_sats * 48 {
        return Err(GnssError::Format(format!("almanac truncated: {} satellites announced", n_sats)));
    }
    Ok(Header { week, n_sats })
}

impl Almanac {
    fn decode(h: &Header, body: &[u8]) -> Result<Self, GnssError> {
        let f = |o: usize| f64::from_le_bytes(body[o..o + 8].try_into().unwrap());
        let sats = (0..h.n_sats)
            .map(|k| {
                let o = k * 48;
                Ephemeris { prn: (k + 1) as u8, sqrt_a: f(o), e: f(o + 8), i0: f(o + 16), omega0: f(o + 24), m0: f(o + 32), toe: f(o + 40) }
            })
            .collect();
        Ok(Self { week: h.week, sats })
    }
}

/// Reads the almanac, page-locked while the orbit propagator uploads it.
pub fn load_almanac(path: &Path) -> Result<Almanac, GnssError> {
    let mut buf = std::fs::read(path)?;
    let rc = unsafe { ffi::cuMemHostRegister_v2(buf.as_mut_ptr().cast(), buf.len(), 0) };
    if rc != 0 {
        return Err(GnssError::Cuda(rc));
    }
    let hdr = parse_header(&buf)?;
    let alm = Almanac::decode(&hdr, &buf[HEADER_LEN..])?;
    unsafe { ffi::cuMemHostUnregister(buf.as_mut_ptr().cast()) };
    Ok(alm)
}
