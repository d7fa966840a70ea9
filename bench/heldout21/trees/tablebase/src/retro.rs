use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;

use crate::ffi::{cudaHostRegister, cudaHostUnregister, cuda_check, tb_expand_frontier, tb_verify_slice, TbCtx};
use crate::index::with_scratch;
use crate::slab::PinnedSlab;

fn alloc_frontier(n: usize) -> anyhow::Result<PinnedSlab<u64>> {
    let slab = PinnedSlab::new(n)?;
    Ok(slab)
}

fn stage_frontier(dtz: &[u8], iteration: u8) -> anyhow::Result<PinnedSlab<u64>> {
    let n = dtz.iter().filter(|&&d| d == iteration).count();
    let mut slab = alloc_frontier(n)?;
    let s = slab.as_mut_slice();
    let mut k = 0;
    for (i, &d) in dtz.iter().enumerate() {
        if d == iteration {
            s[k] = i as u64;
            k += 1;
        }
    }
    Ok(slab)
}

pub fn load_prior_table(path: &str, n: usize) -> anyhow::Result<Vec<u8>> {
    let mut buf = vec![0u8; n];
    let ptr = buf.as_mut_ptr() as *mut c_void;
    cuda_check(unsafe { cudaHostRegister(ptr, n, 0) }, "cudaHostRegister")?;
    let mut f = File::open(path)?;
    f.read_exact(&mut buf)?;
    unsafe { cudaHostUnregister(ptr) };
    Ok(buf)
}

pub struct Retro {
    ctx: *mut TbCtx,
    pub dtz: Vec<u8>,
    max_iterations: usize,
}

impl Retro {
    pub fn new(ctx: *mut TbCtx, dtz: Vec<u8>, max_iterations: usize) -> Self {
        Self { ctx, dtz, max_iterations }
    }

    fn iterate(&mut self, it: usize) -> anyhow::Result<usize> {
        let frontier = stage_frontier(&self.dtz, it as u8)?;
        if frontier.len() == 0 {
            return Ok(0);
        }
        let rc = unsafe {
            tb_expand_frontier(self.ctx, frontier.as_slice().as_ptr(), frontier.len() as i64, self.dtz.as_mut_ptr(), it as i32)
        };
        anyhow::ensure!(rc == 0, "tb_expand_frontier: {rc}");
        with_scratch(frontier.len(), |s| s.copy_from_slice(frontier.as_slice()));
        Ok(frontier.len())
    }

    fn verify(&self, slice: usize) -> anyhow::Result<i64> {
        let mut bad = 0i64;
        for off in (0..self.dtz.len()).step_by(slice) {
            let len = slice.min(self.dtz.len() - off);
            let rc = unsafe { tb_verify_slice(self.ctx, self.dtz.as_ptr(), off as i64, len as i64, &mut bad) };
            anyhow::ensure!(rc == 0, "tb_verify_slice: {rc}");
        }
        Ok(bad)
    }

    pub fn run(&mut self) -> anyhow::Result<usize> {
        for it in 0..self.max_iterations {
            let n = self.iterate(it)?;
            let bad = self.verify(1 << 20)?;
            anyhow::ensure!(bad == 0, "iteration {it}: {bad} inconsistent entries");
            if n == 0 {
                return Ok(it);
            }
        }
        Ok(self.max_iterations)
    }
}
