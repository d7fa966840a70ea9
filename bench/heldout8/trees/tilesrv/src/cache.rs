use std::collections::HashMap;

use cust::error::CudaResult;
use cust::memory::LockedBuffer;

#[derive(Default)]
pub struct TileCache {
    by_dims: HashMap<(usize, usize), LockedBuffer<u8>>,
}

impl TileCache {
    pub fn buffer(&mut self, w: usize, h: usize) -> CudaResult<&mut LockedBuffer<u8>> {
        if !self.by_dims.contains_key(&(w, h)) {
            let b = LockedBuffer::new(&0u8, w * h * 4)?;
            self.by_dims.insert((w, h), b);
        }
        Ok(self.by_dims.get_mut(&(w, h)).unwrap())
    }
}
