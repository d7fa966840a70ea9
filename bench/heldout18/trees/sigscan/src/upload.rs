//! Raw uploads: the body is registered so the first matcher can DMA straight from it.
use crate::ffi;
use std::os::raw::c_void;

pub struct Header {
    pub kind: u8,
    pub declared_len: usize,
}

fn parse_header(b: &[u8]) -> anyhow::Result<Header> {
    anyhow::ensure!(b.len() >= 16 && &b[..4] == b"SGS1", "bad upload header");
    Ok(Header { kind: b[4], declared_len: u64::from_le_bytes(b[8..16].try_into()?) as usize })
}

pub fn prepare_upload(body: &mut Vec<u8>) -> anyhow::Result<Header> {
    let p = body.as_mut_ptr() as *mut c_void;
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(p, body.len(), 0) }, "cuMemHostRegister")?;
    let hdr = parse_header(body)?;
    unsafe { ffi::cuMemHostUnregister(p) };
    Ok(hdr)
}
