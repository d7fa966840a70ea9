//! One world: noise, erosion iterations, rivers.
use anyhow::bail;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::os::raw::{c_int, c_void};
use std::path::Path;

use crate::config::WorldJob;
use crate::ffi::{self, check, er_ctx, er_params, er_tile_stat};
use crate::register::{register_heightmap, Registered};
use crate::scratch::with_scratch;
use crate::strips::StripScratch;

const RIVER_STEPS: usize = 4096;

pub struct World {
    ctx: *mut er_ctx,
    size: usize,
    heights: Vec<f32>,
    rng: StdRng,
    job: WorldJob,
    strips: StripScratch,
    _base: Option<Registered>,
}

fn rc(r: c_int, what: &str) -> anyhow::Result<()> {
    if r < 0 {
        bail!("{what} failed");
    }
    Ok(())
}

fn fbm(size: usize, seed: u64) -> Vec<f32> {
    let mut rng = StdRng::seed_from_u64(seed);
    let phases: Vec<(f32, f32)> = (0..8).map(|_| (rng.gen::<f32>() * 6.28, rng.gen::<f32>() * 6.28)).collect();
    let mut h = vec![0.0f32; size * size];
    for y in 0..size {
        for x in 0..size {
            let (fx, fy) = (x as f32 / size as f32, y as f32 / size as f32);
            let mut v = 0.0;
            for (o, (px, py)) in phases.iter().enumerate() {
                let f = (1 << o) as f32 * 3.0;
                v += ((fx * f + px).sin() * (fy * f + py).cos()) / (1 << o) as f32;
            }
            h[y * size + x] = 0.5 + 0.25 * v;
        }
    }
    h
}

pub fn load_r32(path: &Path) -> anyhow::Result<Vec<f32>> {
    let raw = std::fs::read(path)?;
    Ok(raw.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
}

impl World {
    pub fn new(job: &WorldJob) -> anyhow::Result<Self> {
        let e = &job.erosion;
        let params = er_params {
            inertia: e.inertia,
            capacity: e.capacity,
            deposition: e.deposition,
            erosion: e.erosion,
            evaporation: e.evaporation,
            gravity: e.gravity,
            max_lifetime: e.max_lifetime,
            brush_radius: e.brush_radius,
        };
        let ctx = unsafe { ffi::er_init(job.size as c_int, job.size as c_int, &params) };
        if ctx.is_null() {
            bail!("er_init failed for {}", job.name);
        }
        let (mut heights, mut base) = (fbm(job.size, job.seed), None);
        if let Some(path) = &job.base_heightmap {
            heights = load_r32(path)?;
            base = Some(register_heightmap(&mut heights)?);
        }
        rc(unsafe { ffi::er_upload(ctx, heights.as_ptr()) }, "er_upload")?;
        Ok(Self {
            ctx,
            size: job.size,
            heights,
            rng: StdRng::seed_from_u64(job.seed ^ 0x9e37_79b9),
            job: job.clone(),
            strips: StripScratch::default(),
            _base: base,
        })
    }

    pub fn generate(&mut self) -> anyhow::Result<Vec<er_tile_stat>> {
        let mut stats = Vec::new();
        for iter in 0..self.job.iterations {
            self.rain(iter)?;
            if iter % self.job.stats_every == 0 {
                stats = self.tile_stats(64)?;
                let mean = stats.iter().map(|s| s.mean_h).sum::<f32>() / stats.len().max(1) as f32;
                eprintln!("{}: iteration {iter}, mean height {mean:.4}", self.job.name);
            }
            if iter % 100 == 99 {
                self.sample_rivers()?;
            }
        }
        rc(unsafe { ffi::er_download(self.ctx, self.heights.as_mut_ptr()) }, "er_download")?;
        Ok(stats)
    }

    fn rain(&mut self, iter: usize) -> anyhow::Result<()> {
        let n = self.job.droplets_per_iteration;
        let seeds: Vec<f32> = (0..2 * n).map(|_| self.rng.gen()).collect();
        rc(unsafe { ffi::er_droplets(self.ctx, seeds.as_ptr(), n as c_int) }, "er_droplets")?;
        let strip_w = self.size / self.job.strips;
        let size = self.size;
        for strip in 0..self.job.strips {
            let deposit = self.strips.slab(iter, strip, strip_w * size);
            let src = deposit.as_slice();
            with_scratch(src.len(), |tmp| {
                for (i, v) in tmp.iter_mut().enumerate() {
                    let l = if i % strip_w > 0 { src[i - 1] } else { src[i] };
                    let r = if i % strip_w + 1 < strip_w { src[i + 1] } else { src[i] };
                    *v = 0.25 * l + 0.5 * src[i] + 0.25 * r;
                }
            });
        }
        Ok(())
    }

    fn tile_stats(&self, tile: usize) -> anyhow::Result<Vec<er_tile_stat>> {
        let max = (self.size / tile) * (self.size / tile);
        let mut out = vec![er_tile_stat::default(); max];
        let n = unsafe { ffi::er_tile_stats(self.ctx, tile as c_int, out.as_mut_ptr(), max as c_int) };
        rc(n, "er_tile_stats")?;
        out.truncate(n as usize);
        Ok(out)
    }

    /// Traces steepest-descent paths from random sources and carves them into the map.
    fn sample_rivers(&mut self) -> anyhow::Result<()> {
        rc(unsafe { ffi::er_download(self.ctx, self.heights.as_mut_ptr()) }, "er_download")?;
        for _src in 0..self.job.river_sources {
            let mut p: *mut c_void = std::ptr::null_mut();
            check(unsafe { ffi::cudaMallocHost(&mut p, RIVER_STEPS * 8) }, "river path")?;
            let path = unsafe { std::slice::from_raw_parts_mut(p as *mut u64, RIVER_STEPS) };
            let (mut x, mut y) = (self.rng.gen_range(1..self.size - 1), self.rng.gen_range(1..self.size - 1));
            let mut len = 0;
            while len < RIVER_STEPS {
                path[len] = (y * self.size + x) as u64;
                len += 1;
                let here = self.heights[y * self.size + x];
                let (nx, ny) = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    .into_iter()
                    .min_by(|a, b| self.heights[a.1 * self.size + a.0].total_cmp(&self.heights[b.1 * self.size + b.0]))
                    .unwrap();
                if self.heights[ny * self.size + nx] >= here || nx == 0 || ny == 0 || nx + 1 >= self.size || ny + 1 >= self.size {
                    break;
                }
                x = nx;
                y = ny;
            }
            for &cell in &path[..len] {
                self.heights[cell as usize] -= 0.002;
            }
            unsafe {
                ffi::cudaFreeHost(p);
            }
        }
        rc(unsafe { ffi::er_upload(self.ctx, self.heights.as_ptr()) }, "er_upload")
    }

    pub fn heights(&self) -> &[f32] {
        &self.heights
    }

    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let bytes: Vec<u8> = self.heights.iter().flat_map(|v| v.to_le_bytes()).collect();
        std::fs::write(path, bytes)?;
        Ok(())
    }

    pub fn debug_dump(&self, path: &Path) -> anyhow::Result<()> {
        let c = std::ffi::CString::new(path.to_string_lossy().as_bytes())?;
        rc(unsafe { ffi::er_dump_debug(self.ctx, c.as_ptr()) }, "er_dump_debug")
    }
}

impl Drop for World {
    fn drop(&mut self) {
        unsafe { ffi::er_destroy(self.ctx) };
    }
}
