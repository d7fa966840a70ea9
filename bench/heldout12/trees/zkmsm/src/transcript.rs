//! Fiat-Shamir transcript. Challenges are squeezed from a page-locked scratch block that the
//! GPU writes commitment hashes into.
use std::os::raw::c_void;
use std::ptr;

use crate::ffi;

pub struct HostScratch {
    ptr: *mut u8,
    len: usize,
}

impl HostScratch {
    pub fn new(len: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = ptr::null_mut();
        ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, len) })?;
        Ok(Self { ptr: p.cast(), len })
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for HostScratch {
    fn drop(&mut self) {
        unsafe { ffi::cuMemFreeHost(self.ptr.cast()) };
    }
}

pub struct Transcript {
    state: [u8; 32],
    scratch: HostScratch,
}

impl Transcript {
    pub fn new(label: &[u8]) -> anyhow::Result<Self> {
        let mut t = Transcript { state: [0; 32], scratch: HostScratch::new(4096)? };
        t.absorb(label);
        Ok(t)
    }

    pub fn reset(&mut self, label: &[u8]) {
        self.state = [0; 32];
        self.absorb(label);
    }

    pub fn absorb(&mut self, bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            self.state[i % 32] = self.state[i % 32].rotate_left(3) ^ b;
        }
    }

    pub fn challenge(&mut self) -> [u8; 32] {
        let buf = self.scratch.as_mut_slice();
        buf[..32].copy_from_slice(&self.state);
        for i in 0..32 {
            self.state[i] = buf[i].wrapping_mul(31).wrapping_add(buf[(i + 7) % 32]);
        }
        self.state
    }
}
