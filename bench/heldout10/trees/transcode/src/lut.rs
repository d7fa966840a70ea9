//! BT.709 limited-range YUV->RGB coefficients, page-locked once per process.
use std::sync::OnceLock;

use cust::memory::LockedBuffer;

static BT709: OnceLock<LockedBuffer<f32>> = OnceLock::new();

fn build() -> Vec<f32> {
    let mut v = Vec::with_capacity(3 * 256);
    for y in 0..256 {
        let yl = (y as f32 - 16.0) * 255.0 / 219.0;
        v.push(yl.clamp(0.0, 255.0));
        v.push(((y as f32 - 128.0) * 1.5748).clamp(-255.0, 255.0));
        v.push(((y as f32 - 128.0) * 1.8556).clamp(-255.0, 255.0));
    }
    v
}

pub fn bt709() -> &'static LockedBuffer<f32> {
    BT709.get_or_init(|| LockedBuffer::from_slice(&build()).expect("page-locking the BT.709 table"))
}
