use std::path::Path;
use std::sync::OnceLock;

use anyhow::{ensure, Result};

use crate::ffi::{self, pp_event, pp_ok};
use crate::pinned::{HostBuf, Registration};

static EFFICIENCY: OnceLock<HostBuf<f32>> = OnceLock::new();

/// Relative crystal efficiencies from the daily QC scan; shared by every study.
pub fn crystal_efficiency(n_crystals: usize) -> &'static HostBuf<f32> {
    EFFICIENCY.get_or_init(|| {
        let mut eff = HostBuf::<f32>::new(n_crystals).expect("pinned efficiency table");
        let qc: Vec<f32> = std::fs::read("/etc/petlist/efficiency.bin")
            .map(|b| bytemuck::pod_collect_to_vec(&b))
            .unwrap_or_default();
        for (i, e) in eff.iter_mut().enumerate() {
            *e = qc.get(i).copied().unwrap_or(1.0);
        }
        eff
    })
}

/// Singles-based randoms: r_ij = 2 tau s_i s_j, averaged over the time frames.
pub struct Randoms {
    singles: Vec<f32>,
    tau_ns: f32,
}

impl Randoms {
    pub fn from_singles(frames: &[Vec<f32>], tau_ns: f32) -> Self {
        let n = frames.first().map_or(0, Vec::len);
        let mut singles = vec![0.0f32; n];
        for f in frames {
            for (s, x) in singles.iter_mut().zip(f) {
                *s += x / frames.len() as f32;
            }
        }
        Self { singles, tau_ns }
    }

    pub fn for_subset(&self, events: &[pp_event]) -> Result<HostBuf<f32>> {
        let eff = crystal_efficiency(self.singles.len());
        let mut r = HostBuf::<f32>::new(events.len())?;
        for (k, e) in events.iter().enumerate() {
            let (a, b) = (e.c1 as usize, e.c2 as usize);
            r[k] = 2.0 * self.tau_ns * 1e-9 * self.singles[a] * self.singles[b] * eff[a] * eff[b];
        }
        Ok(r)
    }
}

fn read_f32s(path: &Path) -> Result<Vec<f32>> {
    Ok(bytemuck::pod_collect_to_vec(&std::fs::read(path)?))
}

/// The patient's CT-derived attenuation map, handed to the projector for this study.
pub fn attenuation_for_study(p: *mut ffi::pp_projector, study: &Path, n_vox: usize) -> Result<()> {
    let mut mu = read_f32s(&study.join("mu_map.bin"))?;
    ensure!(mu.len() == n_vox, "{}: mu map has {} voxels, expected {n_vox}", study.display(), mu.len());
    let (ptr, n) = (mu.as_ptr(), mu.len());
    let _pinned = Registration::new(&mut mu)?;
    pp_ok(unsafe { ffi::pp_set_attenuation(p, ptr, n) }, "pp_set_attenuation")
}
