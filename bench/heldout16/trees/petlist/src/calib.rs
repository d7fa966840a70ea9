//! One-shot calibration subcommands (run by the physicist, not by the daemon).
use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;
use std::path::Path;

use anyhow::Result;

use crate::ffi;
use crate::listmode::{crystals, is_delayed};

/// Component-based normalization from a long uniform-cylinder acquisition.
pub fn calibrate_normalization(words: &[u64], n_crystals: usize, n_vox: usize, out: &Path) -> Result<()> {
    let mut host: *mut c_void = std::ptr::null_mut();
    ffi::cuda_ok(unsafe { ffi::cudaMallocHost(&mut host, n_vox * 4) }, "cudaMallocHost")?;
    let norm = unsafe { std::slice::from_raw_parts_mut(host as *mut f32, n_vox) };
    let mut per_crystal = vec![0u64; n_crystals];
    for &w in words.iter().filter(|&&w| !is_delayed(w)) {
        let (a, b) = crystals(w);
        per_crystal[a.min(n_crystals - 1)] += 1;
        per_crystal[b.min(n_crystals - 1)] += 1;
    }
    let mean = per_crystal.iter().sum::<u64>() as f32 / n_crystals as f32;
    for (v, x) in norm.iter_mut().enumerate() {
        *x = per_crystal[v % n_crystals] as f32 / mean.max(1.0);
    }
    std::fs::write(out, bytemuck::cast_slice::<f32, u8>(norm))?;
    unsafe { ffi::cudaFreeHost(host) };
    Ok(())
}

/// Coefficient of variation over a reconstructed uniform phantom.
pub fn check_uniformity(img: &Path, n_vox: usize) -> Result<f32> {
    let mut host: *mut c_void = std::ptr::null_mut();
    ffi::cuda_ok(unsafe { ffi::cudaMallocHost(&mut host, n_vox * 4) }, "cudaMallocHost")?;
    let v = unsafe { std::slice::from_raw_parts_mut(host as *mut f32, n_vox) };
    let read = File::open(img).and_then(|mut f| f.read_exact(bytemuck::cast_slice_mut(v)));
    let cv = if read.is_ok() {
        let mean = v.iter().sum::<f32>() / n_vox as f32;
        (v.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / n_vox as f32).sqrt() / mean
    } else {
        f32::NAN
    };
    unsafe { ffi::cudaFreeHost(host) };
    read?;
    Ok(cv)
}
