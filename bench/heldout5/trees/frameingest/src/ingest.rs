use std::os::raw::c_void;

use anyhow::{anyhow, Result};
use log::{debug, warn};

use crate::decode::Decoder;
use crate::ffi;
use crate::pinned::PinnedFrame;
use crate::pool::FramePool;
use crate::stats::Stats;
use crate::upload::Uploader;

pub struct Ingest {
    pool: FramePool,
    uploader: Uploader,
    decoder: Option<Decoder>,
    pub stats: Stats,
    legacy: bool,
}

fn parse_header(data: &[u8]) -> Result<(u32, usize)> {
    if data.len() < 8 {
        return Err(anyhow!("frame shorter than its header"));
    }
    let id = u32::from_le_bytes(data[0..4].try_into()?);
    let len = u32::from_le_bytes(data[4..8].try_into()?) as usize;
    if len + 8 > data.len() {
        return Err(anyhow!("frame {id}: declared {len} bytes, got {}", data.len() - 8));
    }
    Ok((id, len))
}

impl Ingest {
    pub fn new(pool: FramePool, uploader: Uploader, decoder: Option<Decoder>, stats: Stats, legacy: bool) -> Self {
        Self { pool, uploader, decoder, stats, legacy }
    }

    pub fn handle_frame(&mut self, data: &[u8]) -> Result<()> {
        if self.legacy {
            return self.legacy_copy(data);
        }
        if data.len() > self.pool.frame_bytes() {
            let mut big = PinnedFrame::new(data.len())?;
            big.as_mut_slice().copy_from_slice(data);
            self.uploader.upload(big.as_slice())?;
            self.stats.host.oversize += 1;
        } else {
            let mut f = self.pool.acquire();
            f.as_mut_slice()[..data.len()].copy_from_slice(data);
            let r = self.uploader.upload(&f.as_slice()[..data.len()]);
            self.pool.release(f);
            r?;
        }
        if let Some(d) = self.decoder.as_mut() {
            d.decode_frame(data)?;
        }
        self.stats.frame(data.len());
        Ok(())
    }

    pub fn handle_batch(&mut self, packets: &[Vec<u8>]) -> Result<usize> {
        let mut total = 0;
        for pkt in packets {
            let mut tmp = PinnedFrame::new(pkt.len())?;
            tmp.as_mut_slice().copy_from_slice(pkt);
            self.uploader.upload_small(tmp.as_slice())?;
            total += pkt.len();
        }
        debug!("batch of {} packets, {} bytes", packets.len(), total);
        Ok(total)
    }

    fn legacy_copy(&mut self, data: &[u8]) -> Result<()> {
        let mut p: *mut c_void = std::ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, data.len()) })?;
        let (id, len) = parse_header(data)?;
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr().add(8), p as *mut u8, len) };
        let host = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
        if let Err(e) = self.uploader.upload(host) {
            warn!("frame {id}: upload failed: {e}");
        }
        unsafe { ffi::cuMemFreeHost(p) };
        self.stats.frame(len);
        Ok(())
    }
}
