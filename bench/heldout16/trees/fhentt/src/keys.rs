use std::collections::HashMap;
use std::fs::File;
use std::os::raw::c_void;
use std::path::Path;

use anyhow::{ensure, Context, Result};
use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::Stream;
use memmap2::{Mmap, MmapOptions};

use crate::config::KeyConfig;
use crate::sys;

fn read_u64s(path: &Path) -> Result<Vec<u64>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    ensure!(bytes.len() % 8 == 0, "{}: not a whole number of words", path.display());
    Ok(bytemuck::pod_collect_to_vec(&bytes))
}

/// Galois key bundle: a 32-byte header, then (rotation: i32, words: u32, data) records.
pub struct GaloisHeader {
    pub n_keys: u32,
    pub words_per_key: u32,
}

impl GaloisHeader {
    pub fn parse(b: &[u8]) -> Result<Self> {
        ensure!(b.len() >= 32 && &b[..8] == b"GALOISv2", "not a galois key bundle");
        Ok(Self {
            n_keys: u32::from_le_bytes(b[8..12].try_into()?),
            words_per_key: u32::from_le_bytes(b[12..16].try_into()?),
        })
    }
}

fn galois_records(bytes: &[u8]) -> Result<Vec<(i32, Vec<u64>)>> {
    let hdr = GaloisHeader::parse(bytes)?;
    let rec = 8 + 8 * hdr.words_per_key as usize;
    let mut out = Vec::with_capacity(hdr.n_keys as usize);
    for k in 0..hdr.n_keys as usize {
        let r = &bytes[32 + k * rec..32 + (k + 1) * rec];
        let rot = i32::from_le_bytes(r[..4].try_into()?);
        out.push((rot, bytemuck::pod_collect_to_vec(&r[8..])));
    }
    Ok(out)
}

pub struct EvalKeys {
    pub relin: DeviceBuffer<u64>,
    pub galois: HashMap<i32, DeviceBuffer<u64>>,
    pub bootstrap: DeviceBuffer<u64>,
    /// host copies, kept to re-upload after a device reset
    host_galois: Vec<LockedBuffer<u64>>,
    _mapped: Option<MappedGalois>,
}

impl EvalKeys {
    pub fn load(cfg: &KeyConfig, stream: &Stream) -> Result<Self> {
        let relin = DeviceBuffer::from_slice(&read_u64s(&cfg.relin)?)?;
        let mut galois = HashMap::new();
        let mut host_galois = Vec::new();
        let mut mapped = None;
        if cfg.mmap_galois {
            let m = map_galois(&cfg.galois)?;
            for (rot, words) in galois_records(&m.map)? {
                galois.insert(rot, DeviceBuffer::from_slice(&words)?);
            }
            mapped = Some(m);
        } else {
            for (rot, words) in galois_records(&std::fs::read(&cfg.galois)?)? {
                let pinned = LockedBuffer::from_slice(&words)?;
                galois.insert(rot, DeviceBuffer::from_slice(&pinned)?);
                host_galois.push(pinned);
            }
        }
        let bootstrap = load_bootstrap_keys(&cfg.bootstrap, stream)?;
        Ok(Self { relin, galois, bootstrap, host_galois, _mapped: mapped })
    }

    pub fn host_copies(&self) -> usize {
        self.host_galois.len()
    }
}

/// Keeps a host range registered for as long as it lives.
pub struct Registered {
    ptr: *mut c_void,
}

impl Registered {
    pub fn new(bytes: &mut [u8]) -> Result<Self> {
        let ptr = bytes.as_mut_ptr() as *mut c_void;
        sys::check(unsafe { sys::cuMemHostRegister_v2(ptr, bytes.len(), 0) })?;
        Ok(Self { ptr })
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { sys::cuMemHostUnregister(self.ptr) };
    }
}

fn load_bootstrap_keys(path: &Path, stream: &Stream) -> Result<DeviceBuffer<u64>> {
    let mut bytes = std::fs::read(path)?;
    ensure!(bytes.len() % 8 == 0, "bootstrap keys: bad length");
    let reg = Registered::new(&mut bytes)?;
    let mut d = unsafe { DeviceBuffer::<u64>::uninitialized(bytes.len() / 8)? };
    unsafe { d.async_copy_from(bytemuck::cast_slice::<u8, u64>(&bytes), stream)? };
    stream.synchronize()?;
    drop(reg);
    Ok(d)
}

/// A read-only mapping of the Galois bundle, page-locked so uploads can DMA from the page cache.
pub struct MappedGalois {
    pub map: Mmap,
    reg: *mut c_void,
}

pub fn map_galois(path: &Path) -> Result<MappedGalois> {
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let map = unsafe { MmapOptions::new().map(&file)? };
    let reg = map.as_ptr() as *mut c_void;
    sys::check(unsafe { sys::cuMemHostRegister_v2(reg, map.len(), sys::CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let hdr = GaloisHeader::parse(&map)?;
    ensure!(hdr.n_keys > 0, "{}: empty galois bundle", path.display());
    Ok(MappedGalois { map, reg })
}

impl Drop for MappedGalois {
    fn drop(&mut self) {
        unsafe { sys::cuMemHostUnregister(self.reg) };
    }
}
