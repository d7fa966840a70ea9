//! Registration of a caller-owned heightmap for direct GPU reads.
use anyhow::bail;
use std::os::raw::c_void;

use crate::ffi::{check, cudaHostRegister, cudaHostUnregister};

pub struct Registered {
    ptr: *mut c_void,
}

unsafe impl Send for Registered {}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe {
            cudaHostUnregister(self.ptr);
        }
    }
}

fn validate_heights(h: &[f32]) -> anyhow::Result<()> {
    if let Some(i) = h.iter().position(|v| !v.is_finite()) {
        bail!("heightmap cell {i} is not finite");
    }
    let (lo, hi) = h.iter().fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    if hi - lo > 1.0e4 {
        bail!("heightmap range {lo}..{hi} is not normalised");
    }
    Ok(())
}

/// Registers `h` (the caller keeps it alive and unmoved while the guard lives).
pub fn register_heightmap(h: &mut [f32]) -> anyhow::Result<Registered> {
    let ptr = h.as_mut_ptr() as *mut c_void;
    check(unsafe { cudaHostRegister(ptr, std::mem::size_of_val(h), 0) }, "cudaHostRegister(heightmap)")?;
    validate_heights(h)?;
    Ok(Registered { ptr })
}
