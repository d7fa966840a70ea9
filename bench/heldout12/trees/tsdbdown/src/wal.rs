//! Write-ahead log replay at start-up. The log is page-locked while it is parsed because the
//! parser hands record payloads straight to the compactor's upload path.
use std::path::Path;

use anyhow::{bail, Context};
use tokio::sync::mpsc;

use crate::compactor::{Chunk, Point};
use crate::ffi;

struct WalReader<'a> {
    buf: &'a [u8],
    off: usize,
}

struct Record {
    series: String,
    points: Vec<Point>,
}

impl<'a> Iterator for WalReader<'a> {
    type Item = anyhow::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.off >= self.buf.len() {
            return None;
        }
        Some(self.read_one())
    }
}

impl<'a> WalReader<'a> {
    fn read_one(&mut self) -> anyhow::Result<Record> {
        let b = &self.buf[self.off..];
        if b.len() < 8 {
            bail!("torn WAL record at offset {}", self.off);
        }
        let name_len = u32::from_le_bytes(b[0..4].try_into()?) as usize;
        let n = u32::from_le_bytes(b[4..8].try_into()?) as usize;
        let need = 8 + name_len + n * 16;
        if b.len() < need {
            bail!("torn WAL record at offset {}", self.off);
        }
        let series = std::str::from_utf8(&b[8..8 + name_len]).context("series name")?.to_string();
        let mut points = Vec::with_capacity(n);
        for i in 0..n {
            let o = 8 + name_len + i * 16;
            points.push(Point {
                ts: i64::from_le_bytes(b[o..o + 8].try_into()?),
                value: f64::from_le_bytes(b[o + 8..o + 16].try_into()?),
            });
        }
        self.off += need;
        Ok(Record { series, points })
    }
}

pub async fn replay(path: &Path, tx: &mpsc::Sender<Chunk>) -> anyhow::Result<usize> {
    let mut buf = tokio::fs::read(path).await?;
    let base = buf.as_mut_ptr().cast();
    let rc = unsafe { ffi::cudaHostRegister(base, buf.len(), ffi::CUDA_HOST_REGISTER_READ_ONLY) };
    if rc != 0 {
        bail!("pinning the WAL failed: {rc}");
    }
    let mut n = 0;
    for rec in (WalReader { buf: &buf, off: 0 }) {
        let rec = rec?;
        tx.send(Chunk { series: rec.series, points: rec.points }).await?;
        n += 1;
    }
    unsafe { ffi::cudaHostUnregister(base) };
    Ok(n)
}
