use std::cell::RefCell;
use std::ffi::c_void;

use crate::ffi;

/// Per-worker page-locked raster, grown to the largest raster this thread has produced.
struct PinnedScratch {
    ptr: *mut f32,
    cap: usize,
}

impl Drop for PinnedScratch {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            unsafe { ffi::cudaFreeHost(self.ptr.cast()) };
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<PinnedScratch> = const { RefCell::new(PinnedScratch { ptr: std::ptr::null_mut(), cap: 0 }) };
}

pub fn with_raster<R>(n: usize, f: impl FnOnce(&mut [f32]) -> anyhow::Result<R>) -> anyhow::Result<R> {
    SCRATCH.with(|cell| {
        let mut s = cell.borrow_mut();
        if s.cap < n {
            if !s.ptr.is_null() {
                unsafe { ffi::cudaFreeHost(s.ptr.cast()) };
                s.ptr = std::ptr::null_mut();
                s.cap = 0;
            }
            let mut p: *mut c_void = std::ptr::null_mut();
            ffi::cuda_check(unsafe { ffi::cudaMallocHost(&mut p, n * std::mem::size_of::<f32>()) }, "scratch")?;
            s.ptr = p.cast();
            s.cap = n;
        }
        f(unsafe { std::slice::from_raw_parts_mut(s.ptr, n) })
    })
}
