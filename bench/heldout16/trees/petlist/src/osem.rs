use std::ffi::CString;
use std::path::Path;

use anyhow::Result;
use log::info;

use crate::config::Config;
use crate::corrections::Randoms;
use crate::ffi::{self, pp_event, pp_geometry, pp_ok};
use crate::pinned::HostBuf;

fn crystal_xyz(cfg: &Config) -> Vec<f32> {
    let sc = &cfg.scanner;
    let mut xyz = Vec::with_capacity(3 * sc.n_crystals());
    for ring in 0..sc.rings {
        for c in 0..sc.crystals_per_ring {
            let phi = 2.0 * std::f32::consts::PI * c as f32 / sc.crystals_per_ring as f32;
            xyz.extend([sc.ring_radius_mm * phi.cos(), sc.ring_radius_mm * phi.sin(), ring as f32 * sc.axial_pitch_mm]);
        }
    }
    xyz
}

pub struct Reconstructor {
    p: *mut ffi::pp_projector,
    cfg: Config,
    volume: HostBuf<f32>,
}

impl Reconstructor {
    pub fn new(cfg: &Config) -> Result<Self> {
        let im = &cfg.image;
        let sigma = 0.15 * cfg.scanner.tof_fwhm_ps / 2.355;
        let g = pp_geometry {
            nx: im.nx as i32,
            ny: im.ny as i32,
            nz: im.nz as i32,
            voxel_mm: im.voxel_mm,
            tof_sigma_mm: sigma,
            n_crystals: cfg.scanner.n_crystals() as i32,
        };
        let mut p = std::ptr::null_mut();
        pp_ok(unsafe { ffi::pp_create(&g, &mut p) }, "pp_create")?;
        let xyz = crystal_xyz(cfg);
        pp_ok(unsafe { ffi::pp_set_geometry(p, xyz.as_ptr(), xyz.len() / 3) }, "pp_set_geometry")?;
        let norm = CString::new(cfg.recon.normalization.as_str())?;
        pp_ok(unsafe { ffi::pp_load_normalization(p, norm.as_ptr()) }, "pp_load_normalization")?;
        pp_ok(unsafe { ffi::pp_sensitivity(p) }, "pp_sensitivity")?;
        let volume = HostBuf::<f32>::new(im.n_vox())?;
        Ok(Self { p, cfg: cfg.clone(), volume })
    }

    pub fn raw(&self) -> *mut ffi::pp_projector {
        self.p
    }

    pub fn n_vox(&self) -> usize {
        self.cfg.image.n_vox()
    }

    fn max_intensity(&mut self) -> Result<f32> {
        let n = self.volume.len();
        pp_ok(unsafe { ffi::pp_download_image(self.p, self.volume.as_mut_ptr(), n) }, "pp_download_image")?;
        Ok(self.volume.iter().copied().fold(0.0, f32::max))
    }

    pub fn run(&mut self, subsets: &[Vec<pp_event>], randoms: &Randoms) -> Result<()> {
        for it in 0..self.cfg.recon.iterations {
            for ev in subsets {
                pp_ok(unsafe { ffi::pp_stage_events(self.p, ev.as_ptr(), ev.len()) }, "pp_stage_events")?;
                let r = randoms.for_subset(ev)?;
                pp_ok(unsafe { ffi::pp_forward_back(self.p, r.as_ptr(), r.len()) }, "pp_forward_back")?;
                pp_ok(unsafe { ffi::pp_update(self.p) }, "pp_update")?;
            }
            info!("iteration {}: max {:.3e}", it + 1, self.max_intensity()?);
        }
        Ok(())
    }

    pub fn write(&self, path: &Path) -> Result<()> {
        let c = CString::new(path.to_string_lossy().as_bytes())?;
        pp_ok(unsafe { ffi::pp_write_image(self.p, c.as_ptr()) }, "pp_write_image")
    }
}

impl Drop for Reconstructor {
    fn drop(&mut self) {
        unsafe { ffi::pp_destroy(self.p) };
    }
}
