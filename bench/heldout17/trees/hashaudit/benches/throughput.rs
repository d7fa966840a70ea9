use std::time::Instant;

use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

fn main() {
    let _ctx = cust::quick_init().unwrap();
    let n = 64 << 20;
    let mut host = LockedBuffer::new(&0u8, n).unwrap();
    let dev = DeviceBuffer::<u8>::zeroed(n).unwrap();
    let t0 = Instant::now();
    for _ in 0..50 {
        dev.copy_to(&mut host[..]).unwrap();
    }
    let gbs = (50 * n) as f64 / t0.elapsed().as_secs_f64() / 1e9;
    println!("D2H pinned: {gbs:.1} GB/s");
}
