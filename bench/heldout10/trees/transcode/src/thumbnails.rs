//! Keyframe snapshots and the per-job sprite sheet.
use anyhow::Result;
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use rayon::prelude::*;

use crate::filters::DeviceFrame;
use crate::pinned::PinnedFrame;

pub struct Thumb {
    pub pts: u64,
    pub width: u32,
    pub height: u32,
    pub luma: PinnedFrame,
}

/// Copies the luma plane of a keyframe to the host.
pub fn snapshot(frame: &DeviceFrame) -> Result<Thumb> {
    let n = (frame.width * frame.height) as usize;
    let mut luma = PinnedFrame::new(n)?;
    let mut full = vec![0u8; frame.data.len()];
    frame.data.copy_to(&mut full[..])?;
    luma.as_mut_slice().copy_from_slice(&full[..n]);
    Ok(Thumb { pts: frame.pts, width: frame.width, height: frame.height, luma })
}

/// Downsamples every thumbnail on the GPU and tiles them into one JPEG sprite sheet.
pub fn sprite_sheet(thumbs: &[Thumb], tile_w: u32, path: &str) -> Result<()> {
    let mut tiles = Vec::with_capacity(thumbs.len());
    for t in thumbs {
        let staged = LockedBuffer::from_slice(t.luma.as_slice())?;
        let mut dev = DeviceBuffer::<u8>::zeroed(staged.len())?;
        dev.copy_from(&staged)?;
        let step = (t.width / tile_w).max(1);
        let mut back = vec![0u8; staged.len()];
        dev.copy_to(&mut back[..])?;
        let tile_h = t.height / step;
        let tile: Vec<u8> = (0..tile_h)
            .flat_map(|y| (0..tile_w).map(move |x| (x, y)))
            .map(|(x, y)| back[((y * step) * t.width + x * step) as usize])
            .collect();
        tiles.push((tile_w, tile_h, tile));
    }
    let cols = 10u32;
    let rows = (tiles.len() as u32 + cols - 1) / cols;
    let th = tiles.first().map_or(1, |t| t.1);
    let mut sheet = image::GrayImage::new(cols * tile_w, rows.max(1) * th);
    let placed: Vec<_> = tiles
        .par_iter()
        .enumerate()
        .map(|(i, (w, h, px))| (i as u32, image::GrayImage::from_raw(*w, *h, px.clone())))
        .collect();
    for (i, img) in placed {
        if let Some(img) = img {
            image::imageops::replace(&mut sheet, &img, ((i % cols) * tile_w) as i64, ((i / cols) * th) as i64);
        }
    }
    sheet.save(path)?;
    Ok(())
}
