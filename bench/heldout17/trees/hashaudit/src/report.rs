use std::io::Write;
use std::os::raw::c_void;

use cust::memory::LockedBuffer;

use crate::ffi;

/// Appends cracked entries to the potfile; the buffer is registered for the device-side dedup.
pub fn write_potfile(path: &str, entries: &[(String, String)]) -> anyhow::Result<()> {
    let mut buf: Vec<u8> = entries.iter().flat_map(|(h, p)| format!("{h}:{p}\n").into_bytes()).collect();
    let rc = unsafe { ffi::cuMemHostRegister_v2(buf.as_mut_ptr() as *mut c_void, buf.len(), 0) };
    ffi::check(rc, "cuMemHostRegister_v2")?;
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(&buf)?;
    unsafe { ffi::cuMemHostUnregister(buf.as_mut_ptr() as *mut c_void) };
    Ok(())
}

/// End-of-run summary: one pinned histogram of cracked lengths, dropped on return.
pub fn summary(lengths: &[usize]) -> anyhow::Result<[u64; 32]> {
    let mut hist = LockedBuffer::new(&0u64, 32)?;
    for &l in lengths {
        hist[l.min(31)] += 1;
    }
    let mut out = [0u64; 32];
    out.copy_from_slice(&hist[..]);
    Ok(out)
}
