//! The covermap CUDA library (cuda/covermap.h) and the few runtime calls used from Rust.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::path::Path;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct cm_site {
    pub lat: f64,
    pub lon: f64,
    pub height_m: f32,
    pub power_dbm: f32,
    pub azimuth_deg: f32,
    pub tilt_deg: f32,
    pub freq_mhz: f32,
    pub sectors: c_int,
}

#[repr(C)]
pub struct cm_ctx {
    _private: [u8; 0],
}

#[link(name = "covermap", kind = "static")]
extern "C" {
    pub fn cm_init(out: *mut *mut cm_ctx, max_sites: c_int, w: c_int, h: c_int) -> c_int;
    pub fn cm_shutdown(ctx: *mut cm_ctx);
    pub fn cm_load_clutter(ctx: *mut cm_ctx, path: *const c_char) -> c_int;
    pub fn cm_load_antenna_db(ctx: *mut cm_ctx, path: *const c_char) -> c_int;
    pub fn cm_trace_sectors(ctx: *mut cm_ctx, site: *const cm_site, pathloss: *mut f32) -> c_int;
    pub fn cm_predict_rsrp(ctx: *mut cm_ctx, sites: *const cm_site, n: c_int, gain_adj: *const f32, rsrp: *mut f32)
        -> c_int;
    pub fn cm_extract_tile(ctx: *mut cm_ctx, tx: c_int, ty: c_int, tile: c_int, out: *mut f32) -> c_int;
    pub fn cm_terrain_profile(
        ctx: *mut cm_ctx,
        dem: *const i16,
        dem_w: c_int,
        dem_h: c_int,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
        profile: *mut f32,
        n: c_int,
    ) -> c_int;
    pub fn cm_pattern_gain(ctx: *mut cm_ctx, h_cut: *const f32, v_cut: *const f32, az: *const f32, gain: *mut f32, n: c_int)
        -> c_int;
    pub fn cm_write_geotiff(ctx: *mut cm_ctx, path: *const c_char, w: c_int, h: c_int) -> c_int;
    pub fn cm_strerror(rc: c_int) -> *const c_char;
}

pub const CUDA_HOST_ALLOC_DEFAULT: c_uint = 0;
pub const CUDA_HOST_REGISTER_DEFAULT: c_uint = 0;

#[link(name = "cudart")]
extern "C" {
    pub fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> c_int;
    pub fn cudaHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaFreeHost(ptr: *mut c_void) -> c_int;
    pub fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> c_int;
    pub fn cudaHostUnregister(ptr: *mut c_void) -> c_int;
}

pub fn cuda_check(rc: c_int, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(rc == 0, "{what}: cudaError {rc}");
    Ok(())
}

pub fn cm_check(rc: c_int, what: &str) -> anyhow::Result<()> {
    if rc == 0 {
        return Ok(());
    }
    let msg = unsafe { CStr::from_ptr(cm_strerror(rc)) }.to_string_lossy().into_owned();
    anyhow::bail!("{what}: {msg}")
}

/// Owns the library context.
pub struct Ctx {
    raw: *mut cm_ctx,
    pub w: i32,
    pub h: i32,
}

unsafe impl Send for Ctx {}
unsafe impl Sync for Ctx {}

impl Ctx {
    pub fn init(max_sites: i32, w: i32, h: i32) -> anyhow::Result<Self> {
        let mut raw = std::ptr::null_mut();
        cm_check(unsafe { cm_init(&mut raw, max_sites, w, h) }, "cm_init")?;
        Ok(Self { raw, w, h })
    }

    pub fn raw(&self) -> *mut cm_ctx {
        self.raw
    }

    pub fn load_clutter(&self, path: &Path) -> anyhow::Result<()> {
        let c = CString::new(path.to_string_lossy().as_bytes())?;
        cm_check(unsafe { cm_load_clutter(self.raw, c.as_ptr()) }, "loading clutter")
    }

    pub fn load_antenna_db(&self, path: &Path) -> anyhow::Result<()> {
        let c = CString::new(path.to_string_lossy().as_bytes())?;
        cm_check(unsafe { cm_load_antenna_db(self.raw, c.as_ptr()) }, "loading antenna db")
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        unsafe { cm_shutdown(self.raw) };
    }
}
