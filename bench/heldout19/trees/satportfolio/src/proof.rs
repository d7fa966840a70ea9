use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi;

/// Writes a DRAT proof. The buffer is registered first so the device-side checker can stream
/// it while it is written out.
pub fn write_drat(path: &Path, steps: &mut Vec<u8>) -> anyhow::Result<()> {
    if steps.is_empty() {
        return Ok(());
    }
    let base = steps.as_mut_ptr() as *mut c_void;
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(base, steps.len(), ffi::CU_MEMHOSTREGISTER_PORTABLE) })?;
    let mut f = File::create(path)?;
    f.write_all(steps)?;
    f.sync_data()?;
    unsafe { ffi::cuMemHostUnregister(base) };
    Ok(())
}
