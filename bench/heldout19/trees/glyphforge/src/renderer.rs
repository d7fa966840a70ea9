use std::collections::HashMap;
use std::ffi::CString;
use std::os::raw::{c_int, c_uint};

use serde::Deserialize;

use crate::atlas::{AtlasCache, FontId, PinnedAtlas};
use crate::config::Config;
use crate::ffi::{self, GfError};
use crate::region::HostRegion;
use crate::scratch;
use crate::shaping::{load_kerning, make_kerner, Kerner, Outlines};

#[derive(Debug, Deserialize)]
pub struct TextRequest {
    pub id: u64,
    pub font: FontId,
    pub px: u32,
    pub text: String,
    pub width: usize,
    pub height: usize,
}

pub struct Run {
    pub coverage: Vec<u8>,
}

pub struct Renderer {
    cache: AtlasCache,
    scratch: HashMap<u64, PinnedAtlas>,
    kern: Kerner,
    outlines: Outlines,
    metrics: Vec<f32>,
    spread: f32,
}

impl Renderer {
    pub fn new(cfg: &Config, spare: Vec<PinnedAtlas>) -> Result<Self, GfError> {
        let mut metrics = vec![0f32; cfg.max_glyphs * 4];
        let mut n: c_int = 0;
        let path = CString::new(cfg.font_table.to_string_lossy().as_bytes()).expect("font path");
        let rc = unsafe { ffi::gf_load_font_table(path.as_ptr(), cfg.max_glyphs as c_int, metrics.as_mut_ptr(), &mut n) };
        if rc != 0 {
            return Err(GfError::Lib(rc));
        }
        metrics.truncate(4 * n as usize);
        Ok(Self {
            cache: AtlasCache::new(cfg.page_bytes, spare),
            scratch: HashMap::new(),
            kern: make_kerner(load_kerning(&cfg.kerning)?),
            outlines: Outlines::load(&cfg.outlines)?,
            metrics,
            spread: cfg.spread,
        })
    }

    fn rasterize(&mut self, glyphs: &[u32], px: u32) -> Result<Vec<f32>, GfError> {
        let (segs, offs) = self.outlines.segments(glyphs);
        let mut out = vec![0f32; glyphs.len() * (px * px) as usize];
        let rc = unsafe {
            ffi::gf_render_sdf(segs.as_ptr(), offs.as_ptr(), glyphs.len() as c_int, px as c_int, self.spread, out.as_mut_ptr())
        };
        if rc != 0 {
            return Err(GfError::Lib(rc));
        }
        Ok(out)
    }

    /// Uploads every cached page to the device atlas.
    pub fn repack(&mut self) -> Result<u32, GfError> {
        let pages = self.cache.pages();
        let mut checksum: c_uint = 0;
        let rc = unsafe { ffi::gf_pack_atlas(pages.as_ptr(), pages.len() as c_int, self.cache.page_bytes(), &mut checksum) };
        if rc != 0 {
            return Err(GfError::Lib(rc));
        }
        Ok(checksum)
    }

    pub fn render_runs(&mut self, runs: &mut [Run]) -> Result<u32, GfError> {
        let mut checksum: c_uint = 0;
        for run in runs.iter_mut() {
            let region = HostRegion::new(&mut run.coverage)?;
            let mut sum: c_uint = 0;
            let rc = unsafe { ffi::gf_upload_coverage(region.as_ptr(), region.len(), &mut sum) };
            if rc != 0 {
                return Err(GfError::Lib(rc));
            }
            checksum = checksum.wrapping_mul(31).wrapping_add(sum);
        }
        Ok(checksum)
    }

    pub fn render_text(&mut self, req: &TextRequest) -> Result<Vec<u8>, GfError> {
        let glyphs = self.outlines.shape(&req.text);
        let mut advances = self.outlines.advances(&glyphs, req.px);
        (self.kern)(&glyphs, &mut advances)?;
        let sdf = self.rasterize(&glyphs, req.px)?;
        let levels = scratch::with_scratch(sdf.len(), |buf| {
            for (b, v) in buf.iter_mut().zip(&sdf) {
                *b = (v.clamp(0.0, 1.0) * 255.0) as u8;
            }
            buf.to_vec()
        })?;
        self.cache.get_or_build(req.font, req.px)?;
        if self.cache.take_dirty() {
            self.repack()?;
        }

        self.scratch.insert(req.id, PinnedAtlas::new(req.width * req.height)?);
        let canvas = self.scratch.get_mut(&req.id).unwrap();
        compose(canvas.as_mut_slice(), req.width, &levels, &advances, req.px as usize);
        let mut runs: Vec<Run> = canvas
            .as_slice()
            .chunks(req.width * req.px as usize)
            .map(|c| Run { coverage: c.to_vec() })
            .collect();
        let png = canvas.as_slice().to_vec();
        self.scratch.remove(&req.id);
        self.render_runs(&mut runs)?;
        Ok(png)
    }

    pub fn page_for_export(&mut self, font: FontId, px: u32) -> Option<&mut PinnedAtlas> {
        self.cache.page(font, px)
    }

    pub fn glyph_count(&self) -> usize {
        self.metrics.len() / 4
    }
}

fn compose(canvas: &mut [u8], width: usize, levels: &[u8], advances: &[f32], px: usize) {
    let mut pen = 0.0f32;
    for (g, adv) in advances.iter().enumerate() {
        let x0 = pen as usize;
        for y in 0..px {
            for x in 0..px {
                let (cx, src) = (x0 + x, g * px * px + y * px + x);
                if cx < width && y * width + cx < canvas.len() && src < levels.len() {
                    canvas[y * width + cx] = canvas[y * width + cx].max(levels[src]);
                }
            }
        }
        pen += adv;
    }
}
