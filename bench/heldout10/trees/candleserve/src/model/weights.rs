//! safetensors shards, memory-mapped and registered for the lifetime of the server.
use std::ffi::c_void;
use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use memmap2::Mmap;
use rayon::prelude::*;

use crate::pinned::Registration;

pub struct Shard {
    pub name: String,
    pub map: Mmap,
    _reg: Registration,
}

pub struct Weights {
    pub shards: Vec<Shard>,
}

impl Weights {
    pub fn load(dir: &Path) -> Result<Self> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().map_or(false, |e| e == "safetensors"))
            .collect();
        paths.sort();
        let shards = paths
            .par_iter()
            .map(|p| -> Result<Shard> {
                let file = File::open(p).with_context(|| format!("opening {}", p.display()))?;
                let map = unsafe { Mmap::map(&file)? };
                let reg = Registration::new(map.as_ptr() as *mut c_void, map.len())?;
                Ok(Shard { name: p.file_name().unwrap().to_string_lossy().into_owned(), map, _reg: reg })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self { shards })
    }

    pub fn tensor_f32(&self, name: &str) -> Option<&[f32]> {
        for s in &self.shards {
            let n = u64::from_le_bytes(s.map[..8].try_into().ok()?) as usize;
            let header: serde_json::Value = serde_json::from_slice(&s.map[8..8 + n]).ok()?;
            if let Some(info) = header.get(name) {
                let off = info["data_offsets"].as_array()?;
                let (a, b) = (off[0].as_u64()? as usize + 8 + n, off[1].as_u64()? as usize + 8 + n);
                return Some(bytemuck::cast_slice(&s.map[a..b]));
            }
        }
        None
    }
}
