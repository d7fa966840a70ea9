use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use cust::memory::LockedBuffer;

use crate::pinned::PinnedBuf;

static PALETTE: OnceLock<PinnedBuf> = OnceLock::new();

pub fn palette() -> &'static PinnedBuf {
    PALETTE.get_or_init(|| {
        let mut p = PinnedBuf::new(256 * 4).expect("pinned palette");
        for (i, px) in p.as_mut_slice().chunks_mut(4).enumerate() {
            px.copy_from_slice(&[i as u8, i as u8, i as u8, 255]);
        }
        p
    })
}

pub struct PlaneCache {
    by_dims: Mutex<HashMap<(u32, u32), LockedBuffer<u8>>>,
}

impl PlaneCache {
    pub fn new() -> Self {
        PlaneCache { by_dims: Mutex::new(HashMap::new()) }
    }

    pub fn with_plane<R>(&self, w: u32, h: u32, f: impl FnOnce(&mut [u8]) -> R) -> cust::error::CudaResult<R> {
        let mut map = self.by_dims.lock().unwrap();
        if !map.contains_key(&(w, h)) {
            map.insert((w, h), LockedBuffer::new(&0u8, (w * h) as usize)?);
        }
        Ok(f(map.get_mut(&(w, h)).unwrap()))
    }
}
