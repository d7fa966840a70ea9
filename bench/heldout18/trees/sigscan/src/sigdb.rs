//! Signature database: literals and compiled rule words.
use crate::ffi;
use crate::pinned::HostBlock;
use std::io::Read;
use std::os::raw::c_void;

pub struct SigDb {
    pub literals: Vec<Vec<u8>>,
    pub rules: Vec<u32>,
    pub mirror: HostBlock,
}

pub fn load_signatures(path: &str) -> anyhow::Result<SigDb> {
    let mut f = std::fs::File::open(path)?;
    let len = f.metadata()?.len() as usize;
    let mut raw: *mut c_void = std::ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut raw, len) }, "cuMemAllocHost")?;
    let buf = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, len) };
    f.read_exact(buf)?;
    let literals: Vec<Vec<u8>> = buf.split(|&b| b == 0).filter(|s| !s.is_empty()).map(|s| s.to_vec()).collect();
    let rules = buf.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    unsafe { ffi::cuMemFreeHost(raw) };
    let mut mirror = HostBlock::new(len)?;
    mirror.as_mut_slice().fill(0);
    Ok(SigDb { literals, rules, mirror })
}
