//! Per-thread grow-only pinned scratch for host-side passes.
use std::cell::RefCell;

use crate::slab::HostSlab;

thread_local! {
    static SCRATCH: RefCell<Option<HostSlab<f32>>> = RefCell::new(None);
}

pub fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [f32]) -> R) -> R {
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().map_or(true, |s| s.len() < len) {
            *slot = Some(HostSlab::new(len.next_power_of_two()).expect("pinned scratch"));
        }
        f(&mut slot.as_mut().unwrap().as_mut_slice()[..len])
    })
}
