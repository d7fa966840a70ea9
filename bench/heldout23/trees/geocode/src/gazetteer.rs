//! Gazetteer snapshots: a small header followed by fixed-width street records.
use std::io::Read;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{cudaHostRegister, cudaHostUnregister, CUDA_HOST_REGISTER_READ_ONLY};
use crate::{GeoError, Result};

pub struct Street {
    pub id: u32,
    pub name: String,
    pub locality: String,
    pub lat: f32,
    pub lon: f32,
}

pub struct Gazetteer {
    pub region: String,
    pub streets: Vec<Street>,
}

struct Header {
    region: String,
    n_streets: usize,
    body: usize,
}

impl Header {
    fn parse(b: &[u8]) -> Result<Self> {
        if b.len() < 16 || &b[..4] != b"GZT2" {
            return Err(GeoError::Gazetteer("missing GZT2 magic".into()));
        }
        let n_streets = u32::from_le_bytes(b[4..8].try_into().unwrap()) as usize;
        let region = String::from_utf8_lossy(&b[8..16]).trim_end_matches('\0').to_string();
        Ok(Self { region, n_streets, body: 16 })
    }
}

const RECORD: usize = 4 + 64 + 32 + 4 + 4;

fn parse_streets(body: &[u8], n: usize) -> Result<Vec<Street>> {
    if body.len() < n * RECORD {
        return Err(GeoError::Gazetteer(format!("{} bytes for {} streets", body.len(), n)));
    }
    Ok(body.chunks_exact(RECORD).take(n).map(|r| Street {
        id: u32::from_le_bytes(r[0..4].try_into().unwrap()),
        name: String::from_utf8_lossy(&r[4..68]).trim_end_matches('\0').to_string(),
        locality: String::from_utf8_lossy(&r[68..100]).trim_end_matches('\0').to_string(),
        lat: f32::from_le_bytes(r[100..104].try_into().unwrap()),
        lon: f32::from_le_bytes(r[104..108].try_into().unwrap()),
    }).collect())
}

/// Reads a (gzip) gazetteer; the raw snapshot is page-locked while the records are parsed so
/// the posting builder can start its upload early.
pub fn load_gazetteer(path: &Path) -> Result<Gazetteer> {
    let mut raw = Vec::new();
    let f = std::fs::File::open(path)?;
    flate2::read::GzDecoder::new(f).read_to_end(&mut raw)?;
    let ptr = raw.as_mut_ptr() as *mut c_void;
    let rc = unsafe { cudaHostRegister(ptr, raw.len(), CUDA_HOST_REGISTER_READ_ONLY) };
    if rc != 0 {
        return Err(GeoError::Cuda(rc, "cudaHostRegister"));
    }
    let header = Header::parse(&raw)?;
    let streets = parse_streets(&raw[header.body..], header.n_streets)?;
    unsafe { cudaHostUnregister(ptr) };
    Ok(Gazetteer { region: header.region, streets })
}

