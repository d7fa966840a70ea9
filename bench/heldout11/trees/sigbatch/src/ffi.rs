use std::ffi::{c_char, c_int, c_void};

#[repr(C)]
pub struct SbCtx {
    _private: [u8; 0],
}

extern "C" {
    pub fn sb_ctx_create(device: c_int, max_batch: usize) -> *mut SbCtx;
    pub fn sb_ctx_destroy(ctx: *mut SbCtx);
    pub fn sb_verify_batch(ctx: *mut SbCtx, sigs: *const u8, msgs: *const u8, keys: *const u8, n: usize, ok: *mut u8) -> c_int;
    pub fn sb_load_table(ctx: *mut SbCtx, path: *const c_char) -> c_int;
    pub fn sb_ctx_verified(ctx: *const SbCtx) -> u64;

    // CUDA driver API
    pub fn cuMemHostAlloc(pp: *mut *mut c_void, bytesize: usize, flags: u32) -> u32;
    pub fn cuMemFreeHost(p: *mut c_void) -> u32;
}

pub const CU_MEMHOSTALLOC_PORTABLE: u32 = 0x01;

pub struct Verifier {
    ctx: *mut SbCtx,
}

unsafe impl Send for Verifier {}

impl Verifier {
    pub fn new(device: i32, max_batch: usize, table: Option<&str>) -> anyhow::Result<Self> {
        let ctx = unsafe { sb_ctx_create(device, max_batch) };
        anyhow::ensure!(!ctx.is_null(), "sb_ctx_create failed");
        let v = Self { ctx };
        if let Some(path) = table {
            let c = std::ffi::CString::new(path)?;
            let rc = unsafe { sb_load_table(v.ctx, c.as_ptr()) };
            anyhow::ensure!(rc == 0, "sb_load_table({path}) = {rc}");
        }
        Ok(v)
    }

    pub fn verify(&mut self, sigs: &[u8], msgs: &[u8], keys: &[u8], ok: &mut [u8]) -> anyhow::Result<()> {
        let n = ok.len();
        let rc = unsafe { sb_verify_batch(self.ctx, sigs.as_ptr(), msgs.as_ptr(), keys.as_ptr(), n, ok.as_mut_ptr()) };
        anyhow::ensure!(rc == 0, "sb_verify_batch = {rc}");
        Ok(())
    }

    pub fn verified(&self) -> u64 {
        unsafe { sb_ctx_verified(self.ctx) }
    }
}

impl Drop for Verifier {
    fn drop(&mut self) {
        unsafe { sb_ctx_destroy(self.ctx) };
    }
}
