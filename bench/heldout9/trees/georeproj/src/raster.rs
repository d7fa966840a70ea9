use cust::memory::LockedBuffer;

use crate::ffi::GeoError;
use crate::pinned::HostBlock;

pub struct TileRef {
    pub path: String,
    pub bytes: usize,
    pub x0: usize,
    pub y0: usize,
}

/// Pastes source tiles into one output mosaic.
pub fn mosaic(tiles: &[TileRef], out: &mut [u16], out_w: usize) -> Result<(), GeoError> {
    for t in tiles {
        let mut blk = HostBlock::alloc(t.bytes)?;
        let data = std::fs::read(&t.path)?;
        let n = data.len().min(blk.len());
        blk.as_mut_slice()[..n].copy_from_slice(&data[..n]);
        let px: &[u16] = bytemuck::cast_slice(&blk.as_slice()[..n & !1]);
        for (i, v) in px.iter().enumerate() {
            let idx = (t.y0 + i / 256) * out_w + t.x0 + i % 256;
            if idx < out.len() {
                out[idx] = *v;
            }
        }
    }
    Ok(())
}

/// 2x2 box-filtered overviews, one per level.
pub fn build_overviews(base: &[u16], w: usize, h: usize, levels: u32) -> Result<Vec<Vec<u16>>, GeoError> {
    let mut out = Vec::with_capacity(levels as usize);
    for lvl in 1..=levels {
        let (lw, lh) = ((w >> lvl).max(1), (h >> lvl).max(1));
        let mut buf = LockedBuffer::new(&0u16, lw * lh)?;
        let f = 1usize << lvl;
        for y in 0..lh {
            for x in 0..lw {
                buf[y * lw + x] = base[(y * f).min(h - 1) * w + (x * f).min(w - 1)];
            }
        }
        out.push(buf.to_vec());
    }
    Ok(out)
}
