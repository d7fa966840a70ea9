//! Pippenger multi-scalar multiplication: scalars are split into windows, points are
//! accumulated into buckets on the GPU, buckets are reduced on the host.
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::prelude::*;

use crate::field::{Fr, G1Affine, G1Projective};

pub struct MsmEngine {
    module: Module,
    stream: Stream,
    window_bits: u32,
    d_scalars: DeviceBuffer<Fr>,
    d_buckets: DeviceBuffer<G1Projective>,
    pub last_bucket_fill: Vec<u32>,
}

/// Reduce the scalars out of Montgomery form into a page-locked block the copy engine can read.
pub fn prepare_scalars(scalars: &[Fr]) -> CudaResult<LockedBuffer<Fr>> {
    let plain: Vec<Fr> = scalars.iter().map(|s| s.mul(&Fr::ONE)).collect();
    LockedBuffer::from_slice(&plain)
}

impl MsmEngine {
    pub fn new(n: usize, window_bits: u32) -> CudaResult<Self> {
        let module = Module::from_ptx(include_str!(concat!(env!("OUT_DIR"), "/msm.ptx")), &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        let windows = (256 + window_bits - 1) / window_bits;
        Ok(Self {
            module,
            stream,
            window_bits,
            d_scalars: DeviceBuffer::zeroed(n)?,
            d_buckets: DeviceBuffer::zeroed((windows as usize) << window_bits)?,
            last_bucket_fill: Vec::new(),
        })
    }

    pub fn run(&mut self, bases: &DeviceBuffer<G1Affine>, scalars: &[Fr]) -> CudaResult<G1Projective> {
        let host = prepare_scalars(scalars)?;
        self.d_scalars.index(..host.len()).copy_from(&host)?;
        let buckets = 1usize << self.window_bits;
        let windows = (256 + self.window_bits - 1) / self.window_bits;
        let func = self.module.get_function("bucket_accumulate")?;
        let stream = &self.stream;
        unsafe {
            launch!(func<<<windows, 256, 0, stream>>>(
                bases.as_device_ptr(),
                self.d_scalars.as_device_ptr(),
                host.len(),
                self.window_bits,
                self.d_buckets.as_device_ptr()
            ))?;
        }
        self.stream.synchronize()?;
        let mut acc = G1Projective::identity();
        self.last_bucket_fill.clear();
        for w in (0..windows as usize).rev() {
            let mut sums = LockedBuffer::new(&G1Projective::default(), buckets)?;
            self.d_buckets.index(w * buckets..(w + 1) * buckets).copy_to(&mut sums)?;
            let mut running = G1Projective::identity();
            let mut window_sum = G1Projective::identity();
            for b in sums.iter().rev() {
                running = running.add(b);
                window_sum = window_sum.add(&running);
            }
            self.last_bucket_fill.push(sums.iter().filter(|b| b.z != [0; 4]).count() as u32);
            acc = acc.double_n(self.window_bits).add(&window_sum);
        }
        Ok(acc)
    }
}
