//! Per-thread page-locked scratch for the host peeling pass.
use std::cell::RefCell;

use cust::memory::LockedBuffer;

use crate::Result;

thread_local! {
    static PEEL: RefCell<Option<LockedBuffer<u32>>> = const { RefCell::new(None) };
}

/// Runs `f` on at least `n` words of pinned scratch, growing this thread's buffer if needed.
pub fn with_peel_scratch<R>(n: usize, f: impl FnOnce(&mut [u32]) -> R) -> Result<R> {
    PEEL.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().map_or(true, |b| b.len() < n) {
            *slot = Some(LockedBuffer::new(&0u32, n.next_power_of_two())?);
        }
        let buf = slot.as_mut().expect("scratch present");
        Ok(f(&mut buf[..n]))
    })
}
