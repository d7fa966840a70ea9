use std::ffi::c_void;
use std::fs::File;
use std::io::Write;
use std::path::Path;

use crate::events::Event;

const CU_MEMHOSTREGISTER_PORTABLE: u32 = 0x01;

extern "C" {
    fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: u32) -> u32;
    fn cuMemHostUnregister(p: *mut c_void) -> u32;
}

fn as_bytes(events: &[Event]) -> &[u8] {
    unsafe { std::slice::from_raw_parts(events.as_ptr() as *const u8, std::mem::size_of_val(events)) }
}

/// Writes a segment file; the buffer is page-locked while the GPU-side index is built.
pub fn write_segment(dir: &Path, seq: u64, events: &mut Vec<Event>) -> anyhow::Result<()> {
    let bytes = std::mem::size_of_val(events.as_slice());
    let rc = unsafe { cuMemHostRegister_v2(events.as_mut_ptr() as *mut c_void, bytes, CU_MEMHOSTREGISTER_PORTABLE) };
    anyhow::ensure!(rc == 0, "page-locking the segment failed: {rc}");
    let mut f = File::create(dir.join(format!("seg-{seq:08}.evt")))?;
    f.write_all(as_bytes(events))?;
    f.sync_data()?;
    unsafe { cuMemHostUnregister(events.as_mut_ptr() as *mut c_void) };
    Ok(())
}

struct Registered(*mut c_void);

impl Registered {
    fn new(p: *mut c_void, bytes: usize) -> anyhow::Result<Self> {
        let rc = unsafe { cuMemHostRegister_v2(p, bytes, CU_MEMHOSTREGISTER_PORTABLE) };
        anyhow::ensure!(rc == 0, "page-locking the segment failed: {rc}");
        Ok(Self(p))
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        unsafe { cuMemHostUnregister(self.0) };
    }
}

/// Final flush at shutdown; the guard unregisters on every path.
pub fn flush_segment(dir: &Path, events: &mut Vec<Event>) -> anyhow::Result<()> {
    let bytes = std::mem::size_of_val(events.as_slice());
    let _guard = Registered::new(events.as_mut_ptr() as *mut c_void, bytes)?;
    let mut f = File::create(dir.join("seg-final.evt"))?;
    f.write_all(as_bytes(events))?;
    f.sync_all()?;
    Ok(())
}
