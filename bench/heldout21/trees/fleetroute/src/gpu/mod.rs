pub mod ffi;
pub mod registration;
pub mod staging;

use std::os::raw::c_void;

use ffi::{check, cuMemAllocHost_v2, cuMemFreeHost, cuMemHostRegister_v2, cuMemHostUnregister, cuMemcpyHtoDAsync_v2, CUdeviceptr};

use crate::solver::Order;

pub fn register_orders(orders: &mut [Order], dst: CUdeviceptr) -> anyhow::Result<()> {
    let ptr = orders.as_mut_ptr() as *mut c_void;
    let bytes = std::mem::size_of_val(orders);
    check(unsafe { cuMemHostRegister_v2(ptr, bytes, 0) }, "register")?;
    check(unsafe { cuMemcpyHtoDAsync_v2(dst, ptr, bytes, std::ptr::null_mut()) }, "copy orders")?;
    check(unsafe { cuMemHostUnregister(ptr) }, "unregister")?;
    Ok(())
}

pub fn alloc_scratch(n_stops: usize, max_stops: usize) -> anyhow::Result<(*mut f32, usize)> {
    let bytes = n_stops * n_stops * 4;
    let mut p = std::ptr::null_mut();
    check(unsafe { cuMemAllocHost_v2(&mut p, bytes) }, "scratch")?;
    if n_stops > max_stops {
        anyhow::bail!("{n_stops} stops exceeds max_stops {max_stops}");
    }
    unsafe { std::ptr::write_bytes(p as *mut u8, 0, bytes) };
    Ok((p as *mut f32, bytes))
}

pub fn free_scratch(p: *mut f32) {
    unsafe {
        cuMemFreeHost(p as *mut c_void);
    }
}
