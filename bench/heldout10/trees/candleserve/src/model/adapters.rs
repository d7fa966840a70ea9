//! LoRA-style adapters hot-loaded through the admin API.
use std::collections::HashMap;
use std::ffi::c_void;
use std::fs::File;
use std::path::Path;

use anyhow::{ensure, Context, Result};
use memmap2::Mmap;

use crate::ffi;

pub struct Adapter {
    pub name: String,
    pub tensors: HashMap<String, (usize, usize)>,
    map: Mmap,
    ptr: *mut c_void,
}

unsafe impl Send for Adapter {}
unsafe impl Sync for Adapter {}

fn parse_header(bytes: &[u8]) -> Result<HashMap<String, (usize, usize)>> {
    ensure!(bytes.len() >= 8, "adapter file too short");
    let n = u64::from_le_bytes(bytes[..8].try_into()?) as usize;
    let header: serde_json::Value = serde_json::from_slice(bytes.get(8..8 + n).context("truncated header")?)?;
    let mut out = HashMap::new();
    for (k, v) in header.as_object().context("header is not an object")? {
        if k == "__metadata__" {
            continue;
        }
        let off = v["data_offsets"].as_array().context("data_offsets")?;
        out.insert(k.clone(), (off[0].as_u64().context("offset")? as usize, off[1].as_u64().context("offset")? as usize));
    }
    Ok(out)
}

pub fn load_adapter(name: &str, path: &Path) -> Result<Adapter> {
    let file = File::open(path)?;
    let map = unsafe { Mmap::map(&file)? };
    let ptr = map.as_ptr() as *mut c_void;
    let rc = unsafe { ffi::cudaHostRegister(ptr, map.len(), ffi::CUDA_HOST_REGISTER_READ_ONLY) };
    ensure!(rc == 0, "registering adapter {name} failed ({rc})");
    let tensors = parse_header(&map)?;
    Ok(Adapter { name: name.to_string(), tensors, map, ptr })
}

impl Drop for Adapter {
    fn drop(&mut self) {
        unsafe {
            ffi::cudaHostUnregister(self.ptr);
        }
        let _ = self.map.len();
    }
}
