use std::cell::RefCell;

use crate::atlas::PinnedAtlas;
use crate::ffi::GfError;

thread_local! {
    static SCRATCH: RefCell<Option<PinnedAtlas>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's page-locked scratch of at least `n` bytes (grown, never shrunk).
pub fn with_scratch<R>(n: usize, f: impl FnOnce(&mut [u8]) -> R) -> Result<R, GfError> {
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        let have = slot.as_ref().map_or(0, |a| a.len());
        if have < n {
            *slot = Some(PinnedAtlas::new(n.next_power_of_two())?);
        }
        Ok(f(&mut slot.as_mut().unwrap().as_mut_slice()[..n]))
    })
}
