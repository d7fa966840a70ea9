use std::os::raw::c_void;

use crate::ffi;

pub struct HashList {
    pub digests: Vec<[u8; 32]>,
    pub salt: [u8; 16],
    pub iterations: u32,
}

fn parse_line(line: &str) -> anyhow::Result<[u8; 32]> {
    let hex = line.trim().rsplit('$').next().unwrap_or("");
    anyhow::ensure!(hex.len() == 64, "bad digest length in {line:?}");
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)?;
    }
    Ok(out)
}

/// Reads the target hash list through a page-locked staging copy of the file.
pub fn load_hashlist(path: &str) -> anyhow::Result<HashList> {
    let text = std::fs::read_to_string(path)?;
    let mut p: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { ffi::cuMemAllocHost_v2(&mut p, text.len().max(1)) };
    ffi::check(rc, "cuMemAllocHost_v2")?;
    let staged = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, text.len()) };
    staged.copy_from_slice(text.as_bytes());
    let mut digests = Vec::new();
    for line in std::str::from_utf8(staged)?.lines().filter(|l| !l.is_empty()) {
        digests.push(parse_line(line)?);
    }
    unsafe { ffi::cuMemFreeHost(p) };
    Ok(HashList { digests, salt: *b"hashaudit-salt16", iterations: 10_000 })
}
