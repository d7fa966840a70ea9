//! One-off generator for the windowed base-point table loaded by `sb_load_table`.
use std::ffi::c_void;
use std::io::Write;

extern "C" {
    fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> i32;
    fn cudaFreeHost(ptr: *mut c_void) -> i32;
}

fn main() -> std::io::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "base_table.bin".into());
    let n = 32 * 256 * 8;
    let mut raw: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cudaMallocHost(&mut raw, n) };
    assert_eq!(rc, 0, "pinned allocation failed");
    let table = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, n) };
    for (i, b) in table.iter_mut().enumerate() {
        *b = ((i * 2_654_435_761usize) >> 13) as u8;
    }
    let res = std::fs::File::create(&out).and_then(|mut f| f.write_all(table));
    unsafe { cudaFreeHost(raw) };
    res?;
    eprintln!("wrote {n} bytes to {out}");
    Ok(())
}
