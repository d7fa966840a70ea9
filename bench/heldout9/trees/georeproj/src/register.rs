use std::os::raw::c_void;

use cust::memory::DeviceBuffer;

use crate::ffi::{self, GeoError};

pub struct SourceInfo {
    pub width: u32,
    pub height: u32,
    pub epsg: u32,
}

fn parse_header(buf: &[u8]) -> Result<SourceInfo, GeoError> {
    if buf.len() < 16 || &buf[0..4] != b"GRX1" {
        return Err(GeoError::BadHeader);
    }
    let word = |o: usize| u32::from_le_bytes([buf[o], buf[o + 1], buf[o + 2], buf[o + 3]]);
    Ok(SourceInfo { width: word(4), height: word(8), epsg: word(12) })
}

/// Registers an uploaded source raster for the copy to the device.
pub fn register_source(buf: &mut [u8]) -> Result<(SourceInfo, DeviceBuffer<u8>), GeoError> {
    let p = buf.as_mut_ptr() as *mut c_void;
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(p, buf.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let info = parse_header(buf)?;
    let dev = DeviceBuffer::from_slice(buf)?;
    unsafe { ffi::cuMemHostUnregister(p) };
    Ok((info, dev))
}

struct Registration(*mut c_void);

impl Drop for Registration {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemHostUnregister(self.0);
        }
    }
}

/// Uploads the base cloud-optimised GeoTIFF once at start-up.
pub fn pin_cog(buf: &mut [u8]) -> Result<(SourceInfo, DeviceBuffer<u8>), GeoError> {
    let p = buf.as_mut_ptr() as *mut c_void;
    ffi::check(unsafe { ffi::cuMemHostRegister_v2(p, buf.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY) })?;
    let _reg = Registration(p);
    let info = parse_header(buf)?;
    let dev = DeviceBuffer::from_slice(buf)?;
    Ok((info, dev))
}
