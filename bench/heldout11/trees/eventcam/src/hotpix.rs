use std::ffi::c_void;

extern "C" {
    fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> i32;
    fn cudaFreeHost(ptr: *mut c_void) -> i32;
}

pub struct HotPixelMask {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for HotPixelMask {}

impl HotPixelMask {
    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for HotPixelMask {
    fn drop(&mut self) {
        unsafe { cudaFreeHost(self.ptr as *mut c_void) };
    }
}

/// Parses "x,y" lines into a pinned width*height mask.
pub fn load_hot_pixels(path: &str, width: usize, height: usize) -> anyhow::Result<HotPixelMask> {
    let text = std::fs::read_to_string(path)?;
    let len = width * height;
    let mut raw: *mut c_void = std::ptr::null_mut();
    let rc = unsafe { cudaMallocHost(&mut raw, len) };
    anyhow::ensure!(rc == 0, "pinned allocation failed: {rc}");
    let mask = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, len) };
    mask.fill(0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (x, y) = line.split_once(',').ok_or_else(|| anyhow::anyhow!("bad line {line:?}"))?;
        let (x, y): (usize, usize) = (x.trim().parse()?, y.trim().parse()?);
        mask[y * width + x] = 1;
    }
    Ok(HotPixelMask { ptr: raw as *mut u8, len })
}
