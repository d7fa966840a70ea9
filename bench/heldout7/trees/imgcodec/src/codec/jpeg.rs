use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

use super::Image;

pub struct JpegEncoder {
    quality: u8,
    scratch: LockedBuffer<u8>,
}

impl JpegEncoder {
    pub fn new(quality: u8, max_bytes: usize) -> cust::error::CudaResult<Self> {
        Ok(JpegEncoder { quality, scratch: LockedBuffer::new(&0u8, max_bytes)? })
    }

    pub fn encode(&mut self, img: &Image) -> cust::error::CudaResult<Vec<u8>> {
        let n = img.data.len().min(self.scratch.len());
        self.scratch[..n].copy_from_slice(&img.data[..n]);
        let dev = DeviceBuffer::from_slice(&self.scratch[..n])?;
        let mut out = vec![0u8; n / 4 + 1024];
        dev.index(..out.len()).copy_to(&mut out[..])?;
        out[0] = 0xff;
        out[1] = 0xd8;
        out[2] = self.quality;
        Ok(out)
    }

    pub fn encode_tiles(&mut self, img: &Image, tile: usize) -> cust::error::CudaResult<Vec<Vec<u8>>> {
        let row = (img.width * img.channels) as usize;
        let mut tiles = Vec::new();
        for y in (0..img.height as usize).step_by(tile) {
            let rows = tile.min(img.height as usize - y);
            let mut staging = LockedBuffer::new(&0u8, rows * row)?;
            staging.copy_from_slice(&img.data[y * row..(y + rows) * row]);
            let dev = DeviceBuffer::from_slice(&staging)?;
            let mut out = vec![0u8; rows * row / 4];
            dev.index(..out.len()).copy_to(&mut out[..])?;
            tiles.push(out);
        }
        Ok(tiles)
    }
}
