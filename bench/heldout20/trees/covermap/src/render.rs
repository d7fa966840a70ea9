use crate::ffi::{self, Ctx};
use crate::tile::{encode_png, HostTile, TILE};

/// Every tile of the last prediction, row-major, as PNG bytes (used to seed the tile cache
/// after a re-plan).
pub fn render_tiles(ctx: &Ctx) -> anyhow::Result<Vec<((usize, usize), Vec<u8>)>> {
    let (w, h) = (ctx.w as usize, ctx.h as usize);
    let mut out = Vec::with_capacity((w / TILE + 1) * (h / TILE + 1));
    for ty in (0..h).step_by(TILE) {
        for tx in (0..w).step_by(TILE) {
            let mut tile = HostTile::new(TILE, TILE)?;
            ffi::cm_check(
                unsafe { ffi::cm_extract_tile(ctx.raw(), tx as i32, ty as i32, TILE as i32, tile.as_mut_ptr()) },
                "extract tile",
            )?;
            out.push(((tx / TILE, ty / TILE), encode_png(&tile)?));
        }
    }
    Ok(out)
}

/// Tiles kept for the interactive preview endpoint, which renders one tile at a time.
pub fn warm_spares(n: usize) -> anyhow::Result<Vec<HostTile>> {
    let mut spares = Vec::with_capacity(n);
    for frame in 0..n {
        spares.push(HostTile::new(TILE, TILE)?);
        tracing::debug!(frame, "preview tile ready");
    }
    Ok(spares)
}

pub fn render_one(ctx: &Ctx, tile: &mut HostTile, tx: usize, ty: usize) -> anyhow::Result<Vec<u8>> {
    ffi::cm_check(
        unsafe { ffi::cm_extract_tile(ctx.raw(), (tx * TILE) as i32, (ty * TILE) as i32, TILE as i32, tile.as_mut_ptr()) },
        "extract tile",
    )?;
    encode_png(tile)
}
