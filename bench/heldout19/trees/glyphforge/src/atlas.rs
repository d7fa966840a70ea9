use std::collections::HashMap;
use std::os::raw::c_void;
use std::ptr;

use crate::ffi::{self, GfError};

/// A page-locked atlas page, freed on drop.
pub struct PinnedAtlas {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for PinnedAtlas {}

impl PinnedAtlas {
    pub fn new(len: usize) -> Result<Self, GfError> {
        let mut p: *mut c_void = ptr::null_mut();
        let rc = unsafe { ffi::cudaMallocHost(&mut p, len) };
        if rc != 0 {
            return Err(GfError::Cuda(rc));
        }
        unsafe { ptr::write_bytes(p as *mut u8, 0, len) };
        Ok(Self { ptr: p as *mut u8, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.ptr
    }

    pub fn as_slice(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for PinnedAtlas {
    fn drop(&mut self) {
        unsafe { ffi::cudaFreeHost(self.ptr as *mut c_void) };
    }
}

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, serde::Deserialize)]
pub struct FontId(pub u16);

/// One atlas page per (font, pixel size); the service is configured with a handful of each.
pub struct AtlasCache {
    map: HashMap<(FontId, u32), PinnedAtlas>,
    spare: Vec<PinnedAtlas>,
    page: usize,
    dirty: bool,
}

impl AtlasCache {
    pub fn new(page: usize, spare: Vec<PinnedAtlas>) -> Self {
        Self { map: HashMap::new(), spare, page, dirty: false }
    }

    pub fn get_or_build(&mut self, font: FontId, px: u32) -> Result<&mut PinnedAtlas, GfError> {
        let key = (font, px);
        if !self.map.contains_key(&key) {
            let atlas = match self.spare.pop() {
                Some(a) => a,
                None => PinnedAtlas::new(self.page)?,
            };
            self.map.insert(key, atlas);
            self.dirty = true;
        }
        Ok(self.map.get_mut(&key).unwrap())
    }

    pub fn take_dirty(&mut self) -> bool {
        std::mem::replace(&mut self.dirty, false)
    }

    pub fn pages(&mut self) -> Vec<*mut u8> {
        self.map.values_mut().map(|a| a.as_mut_ptr()).collect()
    }

    pub fn page(&mut self, font: FontId, px: u32) -> Option<&mut PinnedAtlas> {
        self.map.get_mut(&(font, px))
    }

    pub fn page_bytes(&self) -> usize {
        self.page
    }
}
