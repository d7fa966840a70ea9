//! 64-bit list-mode words: [63] delayed flag, [62:40] crystal a, [39:17] crystal b, [16:0] TOF.
use std::os::raw::c_void;

use anyhow::Result;

use crate::ffi::{self, pp_event};

pub fn is_delayed(w: u64) -> bool {
    w >> 63 == 1
}

pub fn crystals(w: u64) -> (usize, usize) {
    (((w >> 40) & 0x7f_ffff) as usize, ((w >> 17) & 0x7f_ffff) as usize)
}

pub fn to_event(w: u64) -> pp_event {
    let (a, b) = crystals(w);
    pp_event { c1: a as u32, c2: b as u32, tof_bin: ((w & 0x1_ffff) as i32 - 0x1_0000) as i16, pad: 0 }
}

/// Prompts split into ordered subsets (round-robin by event index, as the scanner vendor does).
pub fn split_subsets(words: &[u64], n_subsets: usize) -> Vec<Vec<pp_event>> {
    let mut subsets = vec![Vec::with_capacity(words.len() / n_subsets + 1); n_subsets];
    for (i, &w) in words.iter().filter(|&&w| !is_delayed(w)).enumerate() {
        subsets[i % n_subsets].push(to_event(w));
    }
    subsets
}

/// Singles rate per crystal in each time frame, from the delayed-window coincidences.
pub fn estimate_singles(words: &[u64], n_crystals: usize, frames: usize) -> Result<Vec<Vec<f32>>> {
    let per = words.len().div_ceil(frames.max(1)).max(1);
    let mut out = Vec::with_capacity(frames);
    for frame in words.chunks(per) {
        let mut host: *mut c_void = std::ptr::null_mut();
        ffi::cuda_ok(unsafe { ffi::cudaMallocHost(&mut host, n_crystals * 4) }, "cudaMallocHost")?;
        let counts = unsafe { std::slice::from_raw_parts_mut(host as *mut f32, n_crystals) };
        counts.fill(0.0);
        for &w in frame.iter().filter(|&&w| is_delayed(w)) {
            let (a, b) = crystals(w);
            counts[a.min(n_crystals - 1)] += 1.0;
            counts[b.min(n_crystals - 1)] += 1.0;
        }
        out.push(counts.to_vec());
        unsafe { ffi::cudaFreeHost(host) };
    }
    Ok(out)
}
