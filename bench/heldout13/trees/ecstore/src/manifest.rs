use std::fs::File;
use std::io::Write;
use std::path::Path;

use crate::cuda;
use crate::index::ObjectMeta;
use crate::rs::rs_crc32;
use crate::ApiError;

/// Writes `<key>.manifest` (JSON + GPU CRC32 trailer).
pub fn write_manifest(dir: &Path, meta: &ObjectMeta) -> Result<(), ApiError> {
    let mut buf = serde_json::to_vec(meta)?;
    let rc = unsafe { cuda::cudaHostRegister(buf.as_mut_ptr().cast(), buf.len(), 0) };
    if rc != 0 {
        return Err(ApiError::Cuda(rc));
    }
    let crc = unsafe { rs_crc32(buf.as_ptr(), buf.len()) };
    let mut f = File::create(dir.join(format!("{}.manifest", meta.key)))?;
    f.write_all(&buf)?;
    f.write_all(&crc.to_le_bytes())?;
    f.sync_data()?;
    unsafe { cuda::cudaHostUnregister(buf.as_mut_ptr().cast()) };
    Ok(())
}
