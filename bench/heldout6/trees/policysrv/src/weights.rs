use std::fs;
use std::path::Path;

use cust::memory::LockedBox;

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Header {
    pub obs_dim: u32,
    pub act_dim: u32,
    pub n_params: u64,
}

unsafe impl cust::memory::DeviceCopy for Header {}

pub struct Weights {
    pub header: LockedBox<Header>,
    pub params: Vec<f32>,
}

pub fn load_weights(path: &Path) -> Result<Weights, Box<dyn std::error::Error>> {
    let bytes = fs::read(path)?;
    if bytes.len() < 16 {
        return Err("weights file too short".into());
    }
    let hdr = Header {
        obs_dim: u32::from_le_bytes(bytes[0..4].try_into()?),
        act_dim: u32::from_le_bytes(bytes[4..8].try_into()?),
        n_params: u64::from_le_bytes(bytes[8..16].try_into()?),
    };
    let header = LockedBox::new(&hdr)?;
    let params: Vec<f32> = bytemuck::cast_slice(&bytes[16..]).to_vec();
    if params.len() as u64 != hdr.n_params {
        return Err("parameter count mismatch".into());
    }
    Ok(Weights { header, params })
}
