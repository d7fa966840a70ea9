use std::collections::HashMap;
use std::os::raw::{c_int, c_void};
use std::path::Path;

use crate::ffi::{self, GfError, GfSegment};

pub type Kerner = Box<dyn FnMut(&[u32], &mut Vec<f32>) -> Result<(), GfError> + Send>;

/// Builds the kerning pass of one font: pair adjustments from `table`, applied to the advances
/// in place. The advances stay page-locked while the device-side pass reads them.
pub fn make_kerner(table: HashMap<(u32, u32), f32>) -> Kerner {
    Box::new(move |glyphs: &[u32], advances: &mut Vec<f32>| {
        let bytes = advances.len() * std::mem::size_of::<f32>();
        let base = advances.as_mut_ptr() as *mut c_void;
        let rc = unsafe { ffi::cudaHostRegister(base, bytes, 0) };
        if rc != 0 {
            return Err(GfError::Cuda(rc));
        }
        for (i, pair) in glyphs.windows(2).enumerate() {
            if let Some(adj) = table.get(&(pair[0], pair[1])) {
                advances[i] += adj;
            }
        }
        unsafe { ffi::cudaHostUnregister(base) };
        Ok(())
    })
}

pub fn load_kerning(path: &Path) -> Result<HashMap<(u32, u32), f32>, GfError> {
    let text = std::fs::read_to_string(path)?;
    let mut table = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if let [a, b, v] = f[..] {
            if let (Ok(a), Ok(b), Ok(v)) = (a.parse(), b.parse(), v.parse()) {
                table.insert((a, b), v);
            }
        }
    }
    Ok(table)
}

/// Glyph outlines as line segments, indexed by glyph id.
pub struct Outlines {
    cmap: HashMap<char, u32>,
    advance: Vec<f32>,
    segs: Vec<Vec<GfSegment>>,
}

impl Outlines {
    pub fn load(path: &Path) -> Result<Self, GfError> {
        let text = std::fs::read_to_string(path)?;
        let mut out = Outlines { cmap: HashMap::new(), advance: Vec::new(), segs: Vec::new() };
        for line in text.lines() {
            let mut it = line.split_whitespace();
            let (Some(ch), Some(adv)) = (it.next(), it.next()) else { continue };
            let gid = out.advance.len() as u32;
            if let Some(c) = ch.chars().next() {
                out.cmap.insert(c, gid);
            }
            out.advance.push(adv.parse().unwrap_or(0.5));
            let nums: Vec<f32> = it.filter_map(|t| t.parse().ok()).collect();
            out.segs.push(nums.chunks_exact(4).map(|c| GfSegment { x0: c[0], y0: c[1], x1: c[2], y1: c[3] }).collect());
        }
        Ok(out)
    }

    pub fn shape(&self, text: &str) -> Vec<u32> {
        text.chars().map(|c| self.cmap.get(&c).copied().unwrap_or(0)).collect()
    }

    pub fn advances(&self, glyphs: &[u32], px: u32) -> Vec<f32> {
        glyphs.iter().map(|&g| self.advance.get(g as usize).copied().unwrap_or(0.5) * px as f32).collect()
    }

    pub fn segments(&self, glyphs: &[u32]) -> (Vec<GfSegment>, Vec<c_int>) {
        let mut segs = Vec::new();
        let mut off = vec![0 as c_int];
        for &g in glyphs {
            if let Some(s) = self.segs.get(g as usize) {
                segs.extend_from_slice(s);
            }
            off.push(segs.len() as c_int);
        }
        (segs, off)
    }
}
