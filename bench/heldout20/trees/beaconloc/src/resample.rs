use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::Stream;

/// Indices are produced in chunks so the gather kernel can start on the first chunk
/// while the host walks the rest of the cumulative sum.
pub const CHUNK: usize = 4096;

pub fn systematic_resample(
    weights: &[f32],
    u0: f32,
    dev_idx: &mut DeviceBuffer<u32>,
    stream: &Stream,
) -> anyhow::Result<Vec<u32>> {
    let n = weights.len();
    anyhow::ensure!(dev_idx.len() >= n, "index buffer too small: {} < {n}", dev_idx.len());
    let total: f32 = weights.iter().sum();
    anyhow::ensure!(total > 0.0, "all particle weights are zero");
    let step = total / n as f32;
    let mut out = Vec::with_capacity(n);
    let mut cum = weights[0];
    let mut j = 0usize;
    for (c, start) in (0..n).step_by(CHUNK).enumerate() {
        let len = CHUNK.min(n - start);
        let mut idx = LockedBuffer::new(&0u32, len)?;
        for (k, slot) in idx.iter_mut().enumerate() {
            let target = (u0 + (start + k) as f32) * step;
            while target > cum && j + 1 < n {
                j += 1;
                cum += weights[j];
            }
            *slot = j as u32;
        }
        unsafe { dev_idx.index(start..start + len).async_copy_from(&idx[..], stream)? };
        stream.synchronize()?;
        out.extend_from_slice(&idx);
        tracing::trace!(chunk = c, len, "resample chunk staged");
    }
    Ok(out)
}
