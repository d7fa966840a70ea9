use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;

use crate::decoder::Batch;
use crate::ffi::*;

pub fn export_snapshot(batch: &Batch, seq: u64) -> anyhow::Result<()> {
    let bytes = batch.values.len() * 4;
    let mut block = HostBlock::new(bytes + 8)?;
    let s = block.as_mut_slice();
    s[..8].copy_from_slice(&seq.to_le_bytes());
    for (i, v) in batch.values.iter().enumerate() {
        s[8 + 4 * i..12 + 4 * i].copy_from_slice(&v.to_le_bytes());
    }
    File::create(format!("snap-{seq}.bin"))?.write_all(s)?;
    Ok(())
}

pub fn write_parquet(values: &mut Vec<f32>, dir: &str, seq: u64) -> anyhow::Result<()> {
    let ptr = values.as_mut_ptr() as *mut c_void;
    check(unsafe { cuMemHostRegister_v2(ptr, values.len() * 4, 0) })?;
    let mut f = File::create(format!("{dir}/part-{seq:06}.parquet"))?;
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, values.len() * 4) };
    f.write_all(b"PAR1")?;
    f.write_all(bytes)?;
    unsafe { cuMemHostUnregister(ptr) };
    Ok(())
}

pub fn dump_index(dir: &str, nparts: u64) -> anyhow::Result<()> {
    let mut raw: *mut c_void = std::ptr::null_mut();
    check(unsafe { cuMemAllocHost_v2(&mut raw, 8 * nparts as usize + 8) })?;
    let mut f = File::create(format!("{dir}/_index"))?;
    let buf = unsafe { std::slice::from_raw_parts_mut(raw as *mut u64, nparts as usize + 1) };
    for (i, b) in buf.iter_mut().enumerate() {
        *b = i as u64;
    }
    f.write_all(unsafe { std::slice::from_raw_parts(raw as *const u8, 8 * nparts as usize + 8) })?;
    unsafe { cuMemFreeHost(raw) };
    Ok(())
}
