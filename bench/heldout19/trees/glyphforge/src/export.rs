use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{self, GfError};

/// Writes an atlas page as an 8-bit PGM. The page is registered so the device-side mip
/// generator can read it while it is written out.
pub fn export_page(path: &Path, page: &mut [u8], width: usize) -> Result<(), GfError> {
    let base = page.as_mut_ptr() as *mut c_void;
    let rc = unsafe { ffi::cudaHostRegister(base, page.len(), 0) };
    if rc != 0 {
        return Err(GfError::Cuda(rc));
    }
    let mut f = File::create(path)?;
    write!(f, "P5\n{} {}\n255\n", width, page.len() / width)?;
    f.write_all(page)?;
    unsafe { ffi::cudaHostUnregister(base) };
    Ok(())
}
