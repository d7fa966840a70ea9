use std::ffi::c_void;
use std::io::Write;
use std::path::Path;

use anyhow::{ensure, Result};

use crate::detector::Detection;
use crate::ffi::{cudaFreeHost, cudaMallocHost};

fn write_wav(path: &Path, rate: u32, pcm: &[i16]) -> Result<()> {
    let mut f = std::fs::File::create(path)?;
    let data_len = (pcm.len() * 2) as u32;
    f.write_all(b"RIFF")?;
    f.write_all(&(36 + data_len).to_le_bytes())?;
    f.write_all(b"WAVEfmt ")?;
    f.write_all(&16u32.to_le_bytes())?;
    f.write_all(&1u16.to_le_bytes())?;
    f.write_all(&1u16.to_le_bytes())?;
    f.write_all(&rate.to_le_bytes())?;
    f.write_all(&(rate * 2).to_le_bytes())?;
    f.write_all(&2u16.to_le_bytes())?;
    f.write_all(&16u16.to_le_bytes())?;
    f.write_all(b"data")?;
    f.write_all(&data_len.to_le_bytes())?;
    let bytes = unsafe { std::slice::from_raw_parts(pcm.as_ptr() as *const u8, pcm.len() * 2) };
    f.write_all(bytes)?;
    Ok(())
}

/// Archive one detection as 16-bit WAV.
pub fn store_clip(det: &Detection, dir: &Path, rate: u32) -> Result<()> {
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cudaMallocHost(&mut p, det.clip.len().max(1) * 2) };
    ensure!(rc == 0, "pinned clip buffer: {rc}");
    if det.clip.is_empty() {
        return Ok(());
    }
    let pcm = unsafe { std::slice::from_raw_parts_mut(p as *mut i16, det.clip.len()) };
    for (o, s) in pcm.iter_mut().zip(&det.clip) {
        *o = (s.clamp(-1.0, 1.0) * 32767.0) as i16;
    }
    let path = dir.join(format!("{:08}_{:03}.wav", det.seq, det.species));
    let res = write_wav(&path, rate, pcm);
    unsafe { cudaFreeHost(p) };
    res
}

/// Day index (one line per archived clip), written at shutdown.
pub fn write_day_index(lines: &[String], path: &Path) -> Result<()> {
    let text = lines.join("\n");
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cudaMallocHost(&mut p, text.len().max(1)) };
    ensure!(rc == 0, "pinned index buffer: {rc}");
    unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), p as *mut u8, text.len()) };
    let res = std::fs::write(path, unsafe { std::slice::from_raw_parts(p as *const u8, text.len()) });
    unsafe { cudaFreeHost(p) };
    res.map_err(Into::into)
}
