use cust::error::CudaResult;
use cust::memory::{AsyncCopyDestination, DeviceBuffer, DeviceSlice, LockedBuffer};
use cust::stream::{Stream, StreamFlags};

/// Streams a host tensor to the device in fixed-size chunks.
pub fn upload_chunks(stream: &Stream, src: &[f32], dst: &mut DeviceBuffer<f32>, chunk: usize) -> CudaResult<()> {
    for (i, part) in src.chunks(chunk).enumerate() {
        let staging = LockedBuffer::from_slice(part)?;
        let start = i * chunk;
        unsafe {
            dst.index(start..start + part.len()).async_copy_from(&staging, stream)?;
        }
        stream.synchronize()?;
    }
    Ok(())
}

/// Chunked uploads through one page-locked staging buffer owned by the uploader.
pub struct Uploader {
    staging: LockedBuffer<f32>,
    stream: Stream,
}

impl Uploader {
    pub fn new(capacity: usize) -> CudaResult<Self> {
        let staging = LockedBuffer::new(&0.0f32, capacity)?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        Ok(Self { staging, stream })
    }

    pub fn stream(&self) -> &Stream {
        &self.stream
    }

    pub fn upload(&mut self, src: &[f32], dst: &mut DeviceSlice<f32>) -> CudaResult<()> {
        let cap = self.staging.len();
        for (i, part) in src.chunks(cap).enumerate() {
            self.staging[..part.len()].copy_from_slice(part);
            let start = i * cap;
            unsafe {
                dst.index(start..start + part.len()).async_copy_from(&self.staging[..part.len()], &self.stream)?;
            }
            self.stream.synchronize()?;
        }
        Ok(())
    }
}
