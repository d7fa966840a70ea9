use std::os::raw::c_void;

use crate::cuda;
use crate::host::PinnedSlab;
use crate::infill::{infill_regions, Region};

pub struct Planner {
    ctx: *mut cuda::SlCtx,
    moves: *mut f32,
    cap: usize,
}

impl Planner {
    pub fn new(ctx: *mut cuda::SlCtx) -> Self {
        Self { ctx, moves: std::ptr::null_mut(), cap: 0 }
    }

    fn reserve(&mut self, n: usize) -> anyhow::Result<()> {
        if n <= self.cap {
            return Ok(());
        }
        if !self.moves.is_null() {
            unsafe { cuda::cudaFreeHost(self.moves as *mut c_void) };
        }
        let mut p: *mut c_void = std::ptr::null_mut();
        cuda::ok(unsafe { cuda::cudaMallocHost(&mut p, 2 * n * 4) }, "cudaMallocHost")?;
        self.moves = p as *mut f32;
        self.cap = 2 * n;
        Ok(())
    }

    /// Perimeters + infill for one layer.
    pub fn plan_layer(&mut self, loops: &[f32], loop_len: &[i32], regions: &[Region]) -> anyhow::Result<Vec<f32>> {
        let mut perim = PinnedSlab::<f32>::new(loops.len())?;
        let rc = unsafe {
            cuda::sl_offset_perimeters(self.ctx, loops.as_ptr(), loop_len.as_ptr(), loop_len.len() as i32, 0.45,
                                       perim.as_mut_slice().as_mut_ptr())
        };
        cuda::ok(rc, "sl_offset_perimeters")?;
        let fill = infill_regions(regions, 0.45)?;
        let n = loops.len() + fill.iter().map(|l| 2 * l.len()).sum::<usize>();
        self.reserve(n)?;
        let moves = unsafe { std::slice::from_raw_parts_mut(self.moves, n) };
        moves[..loops.len()].copy_from_slice(perim.as_mut_slice());
        Ok(moves.to_vec())
    }
}

impl Drop for Planner {
    fn drop(&mut self) {
        if !self.moves.is_null() {
            unsafe { cuda::cudaFreeHost(self.moves as *mut c_void) };
        }
    }
}
