//! Structured reference string (powers of tau) loading. The file is page-locked while its
//! points are uploaded.
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi;
use crate::field::G1Affine;

pub const HEADER_LEN: usize = 16;
const MAGIC: &[u8; 8] = b"PTAU-G1\0";

pub struct SrsHeader {
    pub n: usize,
}

pub struct Srs {
    pub header: SrsHeader,
    pub bases: Vec<G1Affine>,
}

fn parse_header(bytes: &[u8]) -> anyhow::Result<SrsHeader> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        anyhow::bail!("not a G1 powers-of-tau file");
    }
    let n = u64::from_le_bytes(bytes[8..16].try_into()?) as usize;
    if bytes.len() < HEADER_LEN + n * std::mem::size_of::<G1Affine>() {
        anyhow::bail!("powers-of-tau file truncated: {n} points announced");
    }
    Ok(SrsHeader { n })
}

fn decode_points(raw: &[u8], n: usize) -> Vec<G1Affine> {
    let sz = std::mem::size_of::<G1Affine>();
    (0..n)
        .map(|i| {
            let c = &raw[i * sz..(i + 1) * sz];
            let mut p = G1Affine::default();
            for k in 0..4 {
                p.x[k] = u64::from_le_bytes(c[k * 8..k * 8 + 8].try_into().unwrap());
                p.y[k] = u64::from_le_bytes(c[32 + k * 8..32 + k * 8 + 8].try_into().unwrap());
            }
            p
        })
        .collect()
}

pub fn load_srs(path: &Path) -> anyhow::Result<Srs> {
    let mut bytes = std::fs::read(path)?;
    let base: *mut c_void = bytes.as_mut_ptr().cast();
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(base, bytes.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let header = parse_header(&bytes)?;
    let bases = decode_points(&bytes[HEADER_LEN..], header.n);
    unsafe { ffi::cuMemHostUnregister(base) };
    Ok(Srs { header, bases })
}

struct Registered(*mut c_void);

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { ffi::cuMemHostUnregister(self.0) };
    }
}

/// The verifier key is a short SRS prefix; same format.
pub fn load_verifier_key(path: &Path) -> anyhow::Result<Srs> {
    let mut bytes = std::fs::read(path)?;
    let base: *mut c_void = bytes.as_mut_ptr().cast();
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(base, bytes.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let _reg = Registered(base);
    let header = parse_header(&bytes)?;
    let bases = decode_points(&bytes[HEADER_LEN..], header.n);
    Ok(Srs { header, bases })
}
