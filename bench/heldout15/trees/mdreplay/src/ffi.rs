//! Raw CUDA driver calls that cust does not expose the way we need them.
use std::ffi::c_void;
use std::sync::{Mutex, OnceLock};

use anyhow::{ensure, Context, Result};
use cust::memory::{CopyDestination, DeviceBuffer};

#[allow(non_camel_case_types)]
type CUresult = i32;

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: u32) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

/// Page-locked slice owned by Rust; freed on drop.
pub struct HostSlab<T: Copy> {
    ptr: *mut T,
    len: usize,
}

unsafe impl<T: Copy + Send> Send for HostSlab<T> {}

impl<T: Copy + Default> HostSlab<T> {
    pub fn new(len: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { cuMemAllocHost_v2(&mut p, len.max(1) * std::mem::size_of::<T>()) };
        ensure!(rc == 0, "cuMemAllocHost_v2({len}) failed: {rc}");
        let ptr = p as *mut T;
        for i in 0..len {
            unsafe { ptr.add(i).write(T::default()) };
        }
        Ok(Self { ptr, len })
    }

    pub fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy> Drop for HostSlab<T> {
    fn drop(&mut self) {
        unsafe { cuMemFreeHost(self.ptr as *mut c_void) };
    }
}

static HEARTBEAT: OnceLock<Mutex<HostSlab<u64>>> = OnceLock::new();

/// Counters the monitoring probe reads; allocated the first time anyone asks.
pub fn heartbeat() -> &'static Mutex<HostSlab<u64>> {
    HEARTBEAT.get_or_init(|| Mutex::new(HostSlab::new(64).expect("heartbeat slab")))
}

/// Upload a whole day tape through a temporary registration of the Vec's pages.
pub fn upload_tape(tape: &mut [u8], dev: &mut DeviceBuffer<u8>) -> Result<()> {
    let ptr = tape.as_mut_ptr() as *mut c_void;
    let rc = unsafe { cuMemHostRegister_v2(ptr, tape.len(), 0) };
    ensure!(rc == 0, "cuMemHostRegister_v2 failed: {rc}");
    ensure!(dev.len() >= tape.len(), "device tape buffer too small: {} < {}", dev.len(), tape.len());
    dev.index(..tape.len()).copy_from(&tape[..]).context("tape upload")?;
    let rc = unsafe { cuMemHostUnregister(ptr) };
    ensure!(rc == 0, "cuMemHostUnregister failed: {rc}");
    Ok(())
}
