use anyhow::{ensure, Result};

use crate::ffi::{self, MtContextRaw};
use crate::tessellate::Mesh;

/// The decimation library's context (stream + mapped statistics block).
pub struct MtContext(*mut MtContextRaw);

impl MtContext {
    pub fn create() -> Result<Self> {
        let mut raw = std::ptr::null_mut();
        let rc = unsafe { ffi::mt_context_create(&mut raw) };
        ensure!(rc == 0, "mt_context_create failed: {rc}");
        Ok(Self(raw))
    }
}

impl Drop for MtContext {
    fn drop(&mut self) {
        unsafe { ffi::mt_context_destroy(self.0) };
    }
}

pub fn decimate(ctx: &MtContext, mesh: &mut Mesh, ratio: f32) -> Result<()> {
    let mut d_quadrics: *mut f32 = std::ptr::null_mut();
    let rc = unsafe {
        ffi::mt_quadrics_init(ctx.0, mesh.verts.as_ptr(), mesh.n_verts() as i32, mesh.tris.as_ptr(),
                              mesh.n_tris() as i32, &mut d_quadrics)
    };
    ensure!(rc == 0, "mt_quadrics_init failed: {rc}");
    let mut out = vec![0i32; mesh.tris.len()];
    let n = unsafe {
        ffi::mt_decimate_host(ctx.0, mesh.verts.as_mut_ptr(), mesh.n_verts() as i32, mesh.tris.as_ptr(),
                              mesh.n_tris() as i32, d_quadrics, ratio, out.as_mut_ptr())
    };
    unsafe { ffi::mt_quadrics_free(d_quadrics) };
    ensure!(n >= 0, "mt_decimate_host failed: {n}");
    out.truncate(n as usize * 3);
    mesh.tris = out;
    Ok(())
}
