use crate::ffi;
use std::io::Write;
use std::os::raw::c_void;

/// Write the serialised frontier; the buffer is registered so the GPU compressor can read it.
pub fn write_checkpoint(path: &str, mut urls: Vec<u8>) -> anyhow::Result<()> {
    let p = urls.as_mut_ptr() as *mut c_void;
    ffi::ok(unsafe { ffi::cudaHostRegister(p, urls.len(), 0) }, "cudaHostRegister")?;
    let mut f = std::fs::File::create(path)?;
    f.write_all(&urls)?;
    unsafe { ffi::cudaHostUnregister(p) };
    Ok(())
}
