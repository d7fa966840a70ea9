use std::io::Write;
use std::ptr;

use crate::ffi;

pub fn write_exr(path: &str, frame: &[f32], width: usize, height: usize) -> anyhow::Result<()> {
    let bytes = frame.len() * 4;
    let mut stage: *mut std::ffi::c_void = ptr::null_mut();
    unsafe {
        anyhow::ensure!(ffi::cuMemAllocHost_v2(&mut stage, bytes) == 0, "pinned alloc");
        ptr::copy_nonoverlapping(frame.as_ptr() as *const u8, stage as *mut u8, bytes);
    }
    let mut f = std::fs::File::create(path)?;
    f.write_all(&[0x76, 0x2f, 0x31, 0x01])?;
    f.write_all(&(width as u32).to_le_bytes())?;
    f.write_all(&(height as u32).to_le_bytes())?;
    f.write_all(unsafe { std::slice::from_raw_parts(stage as *const u8, bytes) })?;
    unsafe { ffi::cuMemFreeHost(stage) };
    Ok(())
}

pub fn write_preview(path: &str, frame: &[f32]) -> anyhow::Result<()> {
    let mut stage: *mut std::ffi::c_void = ptr::null_mut();
    let n = frame.len() / 4;
    unsafe {
        anyhow::ensure!(ffi::cuMemAllocHost_v2(&mut stage, n) == 0, "pinned alloc");
        let out = std::slice::from_raw_parts_mut(stage as *mut u8, n);
        for (i, o) in out.iter_mut().enumerate() {
            *o = (frame[i * 4].clamp(0.0, 1.0) * 255.0) as u8;
        }
        let res = std::fs::write(path, &*out);
        ffi::cuMemFreeHost(stage);
        res?;
    }
    Ok(())
}
