use std::ffi::{c_void, CStr};
use std::fs::{self, File};
use std::io::Read;
use std::os::raw::c_char;
use std::path::Path;

use crate::ffi::{check, cuMemHostAlloc, CU_MEMHOSTALLOC_PORTABLE};
use crate::pinned::PinnedBuf;
use crate::server::XferError;

pub struct TensorFile {
    pub buf: PinnedBuf,
    pub shape: Vec<usize>,
}

fn parse_shape(head: &[u8]) -> Vec<usize> {
    let ndim = head.first().copied().unwrap_or(0) as usize;
    (0..ndim.min(7)).map(|i| u64::from_le_bytes(head[8 + 8 * i..16 + 8 * i].try_into().unwrap()) as usize).collect()
}

/// Raw pinned load for the C plugin ABI; the plugin frees the block with cuMemFreeHost.
pub fn load_raw(path: &Path) -> Result<(*mut u8, usize), XferError> {
    let len = fs::metadata(path)?.len() as usize;
    let mut p: *mut c_void = std::ptr::null_mut();
    check(unsafe { cuMemHostAlloc(&mut p, len, CU_MEMHOSTALLOC_PORTABLE) })?;
    let mut f = File::open(path)?;
    let block = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, len) };
    f.read_exact(block)?;
    Ok((p as *mut u8, len))
}

pub fn load_owned(path: &Path) -> Result<TensorFile, XferError> {
    let len = fs::metadata(path)?.len() as usize;
    let mut buf = PinnedBuf::new(len)?;
    File::open(path)?.read_exact(buf.as_mut_slice())?;
    let shape = parse_shape(&buf.as_slice()[..len.min(64)]);
    Ok(TensorFile { buf, shape })
}

#[no_mangle]
pub extern "C" fn txf_load(path: *const c_char, out_len: *mut usize) -> *mut u8 {
    let path = unsafe { CStr::from_ptr(path) }.to_string_lossy().into_owned();
    match load_raw(Path::new(&path)) {
        Ok((p, n)) => {
            unsafe { *out_len = n };
            p
        }
        Err(e) => {
            eprintln!("txf_load({path}): {e:?}");
            std::ptr::null_mut()
        }
    }
}
