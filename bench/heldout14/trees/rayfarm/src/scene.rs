use std::ptr;

use anyhow::{bail, Context};

use crate::ffi;

pub struct TextureAtlas {
    pub texels: Vec<f32>,
    pub width: usize,
    pub height: usize,
}

fn parse_header(b: &[u8]) -> anyhow::Result<(usize, usize)> {
    if b.len() < 12 || &b[..4] != b"RFTX" {
        bail!("not a rayfarm texture atlas");
    }
    let w = u32::from_le_bytes(b[4..8].try_into()?) as usize;
    let h = u32::from_le_bytes(b[8..12].try_into()?) as usize;
    Ok((w, h))
}

/// Loads a texture atlas through a page-locked staging copy.
pub fn load_textures(path: &str) -> anyhow::Result<TextureAtlas> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {path}"))?;
    let mut stage: *mut std::ffi::c_void = ptr::null_mut();
    unsafe {
        if ffi::cuMemAllocHost_v2(&mut stage, bytes.len()) != 0 {
            bail!("page-locked staging allocation failed");
        }
        ptr::copy_nonoverlapping(bytes.as_ptr(), stage as *mut u8, bytes.len());
    }
    let (w, h) = parse_header(&bytes)?;
    let texels = unsafe { std::slice::from_raw_parts((stage as *const u8).add(12) as *const f32, w * h * 4).to_vec() };
    unsafe { ffi::cuMemFreeHost(stage) };
    Ok(TextureAtlas { texels, width: w, height: h })
}
