use crate::antenna::GainFn;
use crate::config::SiteConfig;
use crate::elevation::PinnedDem;
use crate::ffi::{self, cm_site, Ctx};
use crate::scratch;

pub struct Coverage {
    pub w: usize,
    pub h: usize,
    pub covered_fraction: f32,
    pub mean_rsrp: f32,
}

pub struct Planner {
    pub ctx: Ctx,
    gain: GainFn,
    sites: Vec<SiteConfig>,
}

impl Planner {
    pub fn new(ctx: Ctx, gain: GainFn, sites: Vec<SiteConfig>) -> Self {
        Self { ctx, gain, sites }
    }

    /// Best-server RSRP for the configured sites with per-site power offsets (what-if edits).
    pub fn predict(&self, power_offsets: &[f32], threshold_dbm: f32) -> anyhow::Result<Coverage> {
        let sites: Vec<cm_site> = self.sites.iter().map(SiteConfig::to_ffi).collect();
        let azimuths: Vec<f32> = self.sites.iter().map(|s| s.azimuth_deg).collect();
        let mut adj = (self.gain)(self.ctx.raw(), &azimuths)?;
        for (a, off) in adj.iter_mut().zip(power_offsets.iter().chain(std::iter::repeat(&0.0))) {
            *a += off;
        }
        let (w, h) = (self.ctx.w as usize, self.ctx.h as usize);
        scratch::with_raster(w * h, |rsrp| {
            ffi::cm_check(
                unsafe { ffi::cm_predict_rsrp(self.ctx.raw(), sites.as_ptr(), sites.len() as i32, adj.as_ptr(), rsrp.as_mut_ptr()) },
                "predict",
            )?;
            let covered = rsrp.iter().filter(|&&v| v >= threshold_dbm).count();
            let mean = rsrp.iter().sum::<f32>() / rsrp.len() as f32;
            Ok(Coverage { w, h, covered_fraction: covered as f32 / rsrp.len() as f32, mean_rsrp: mean })
        })
    }

    pub fn sector_loss(&self, site: usize) -> anyhow::Result<Vec<f32>> {
        let s = self.sites.get(site).ok_or_else(|| anyhow::anyhow!("no site {site}"))?.to_ffi();
        let plane = (self.ctx.w * self.ctx.h) as usize;
        let mut out = vec![0.0f32; plane * s.sectors.max(0) as usize];
        ffi::cm_check(unsafe { ffi::cm_trace_sectors(self.ctx.raw(), &s, out.as_mut_ptr()) }, "sectors")?;
        Ok(out)
    }

    pub fn profile(&self, dem: &PinnedDem, a: (f64, f64), b: (f64, f64), n: usize) -> anyhow::Result<Vec<f32>> {
        let mut out = vec![0.0f32; n];
        ffi::cm_check(
            unsafe {
                ffi::cm_terrain_profile(
                    self.ctx.raw(),
                    dem.as_ptr(),
                    dem.w as i32,
                    dem.h as i32,
                    a.0,
                    a.1,
                    b.0,
                    b.1,
                    out.as_mut_ptr(),
                    n as i32,
                )
            },
            "profile",
        )?;
        Ok(out)
    }

    pub fn export(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let c = std::ffi::CString::new(path.to_string_lossy().as_bytes())?;
        ffi::cm_check(unsafe { ffi::cm_write_geotiff(self.ctx.raw(), c.as_ptr(), self.ctx.w, self.ctx.h) }, "export")
    }
}
