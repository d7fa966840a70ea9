use std::ffi::c_void;
use std::sync::Arc;

use crate::ffi::{self, cm_ctx};

/// Horizontal and vertical pattern cuts of an MSI (Planet) antenna file, attenuation in dB.
pub struct MsiPattern {
    pub name: String,
    pub gain_dbi: f32,
    pub horizontal: Vec<f32>,
    pub vertical: Vec<f32>,
}

impl MsiPattern {
    pub fn load(path: &std::path::Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)?;
        let mut name = String::new();
        let mut gain_dbi = 0.0;
        let (mut h, mut v) = (Vec::with_capacity(360), Vec::with_capacity(360));
        let mut section = "";
        for line in text.lines() {
            let mut it = line.split_whitespace();
            match (it.next(), it.next()) {
                (Some("NAME"), Some(n)) => name = n.to_string(),
                (Some("GAIN"), Some(g)) => gain_dbi = g.parse()?,
                (Some("HORIZONTAL"), _) => section = "h",
                (Some("VERTICAL"), _) => section = "v",
                (Some(_deg), Some(att)) if section == "h" => h.push(att.parse()?),
                (Some(_deg), Some(att)) if section == "v" => v.push(att.parse()?),
                _ => {}
            }
        }
        anyhow::ensure!(h.len() == 360 && v.len() == 360, "{}: incomplete pattern", path.display());
        Ok(Self { name, gain_dbi, horizontal: h, vertical: v })
    }
}

/// Keeps a caller's buffer page-locked while the library writes into it.
struct HostRegistration {
    ptr: *mut c_void,
}

impl HostRegistration {
    fn new(ptr: *mut c_void, bytes: usize) -> anyhow::Result<Self> {
        ffi::cuda_check(unsafe { ffi::cudaHostRegister(ptr, bytes, ffi::CUDA_HOST_REGISTER_DEFAULT) }, "register")?;
        Ok(Self { ptr })
    }
}

impl Drop for HostRegistration {
    fn drop(&mut self) {
        unsafe { ffi::cudaHostUnregister(self.ptr) };
    }
}

pub type GainFn = Box<dyn Fn(*mut cm_ctx, &[f32]) -> anyhow::Result<Vec<f32>> + Send + Sync>;

/// Gain (dBi) of the configured antenna at each azimuth.
pub fn make_antenna_pattern(pattern: MsiPattern) -> GainFn {
    let pattern = Arc::new(pattern);
    Box::new(move |ctx, azimuths| {
        let mut gains = vec![0.0f32; azimuths.len()];
        let _pin = HostRegistration::new(gains.as_mut_ptr().cast(), gains.len() * std::mem::size_of::<f32>())?;
        ffi::cm_check(
            unsafe {
                ffi::cm_pattern_gain(
                    ctx,
                    pattern.horizontal.as_ptr(),
                    pattern.vertical.as_ptr(),
                    azimuths.as_ptr(),
                    gains.as_mut_ptr(),
                    azimuths.len() as i32,
                )
            },
            "pattern gain",
        )?;
        for g in gains.iter_mut() {
            *g += pattern.gain_dbi;
        }
        Ok(gains)
    })
}
