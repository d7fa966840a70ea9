use cust::memory::{DeviceBuffer, LockedBuffer};
use cust::prelude::*;

pub struct Decoder {
    stream: Stream,
    planes: LockedBuffer<u8>,
    dev: DeviceBuffer<u8>,
    width: usize,
    height: usize,
}

impl Decoder {
    pub fn new(width: usize, height: usize) -> CudaResult<Self> {
        let n = width * height * 3 / 2;
        Ok(Self {
            stream: Stream::new(StreamFlags::NON_BLOCKING, None)?,
            planes: LockedBuffer::new(&0u8, n)?,
            dev: DeviceBuffer::zeroed(n)?,
            width,
            height,
        })
    }

    /// Convert an NV12 frame in `planes` and upload it.
    pub fn upload_nv12(&mut self, frame: &[u8]) -> CudaResult<()> {
        let n = self.planes.len().min(frame.len());
        self.planes.as_mut_slice()[..n].copy_from_slice(&frame[..n]);
        unsafe { self.dev.async_copy_from(&self.planes, &self.stream)? };
        self.stream.synchronize()
    }

    /// Decode a compressed access unit; the output size is only known after parsing.
    pub fn decode_frame(&mut self, au: &[u8]) -> CudaResult<usize> {
        let out_len = parse_sps_size(au).unwrap_or(self.width * self.height * 3 / 2);
        let mut out = LockedBuffer::new(&0u8, out_len)?;
        software_decode(au, out.as_mut_slice());
        let dev = DeviceBuffer::from_slice(out.as_slice())?;
        self.stream.synchronize()?;
        drop(dev);
        Ok(out_len)
    }
}

fn parse_sps_size(au: &[u8]) -> Option<usize> {
    if au.len() < 8 || au[4] & 0x1f != 7 {
        return None;
    }
    let w = u16::from_be_bytes([au[5], au[6]]) as usize * 16;
    let h = u16::from_be_bytes([au[6], au[7]]) as usize * 16;
    Some(w * h * 3 / 2)
}

fn software_decode(au: &[u8], out: &mut [u8]) {
    for (i, b) in out.iter_mut().enumerate() {
        *b = au.get(i % au.len().max(1)).copied().unwrap_or(0);
    }
}
