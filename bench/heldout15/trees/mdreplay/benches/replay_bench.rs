use std::time::Instant;

use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let _ctx = cust::quick_init()?;
    let n = 1 << 22;
    let data: Vec<u64> = (0..n as u64).collect();
    let host = LockedBuffer::from_slice(&data)?;
    let mut dev = DeviceBuffer::<u64>::zeroed(n)?;
    let t0 = Instant::now();
    for _ in 0..100 {
        dev.copy_from(&host[..])?;
    }
    let dt = t0.elapsed().as_secs_f64() / 100.0;
    println!("{:.2} GB/s", (n * 8) as f64 / dt / 1e9);
    Ok(())
}
