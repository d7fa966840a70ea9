use std::time::Instant;

use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let _ctx = cust::quick_init()?;
    let n = 1 << 20;
    let host = LockedBuffer::new(&1.0f32, n)?;
    let mut dev = DeviceBuffer::<f32>::zeroed(n)?;
    let t = Instant::now();
    for _ in 0..1000 {
        dev.copy_from(&host)?;
    }
    println!("H2D: {:.2} GB/s", 1000.0 * n as f64 * 4.0 / t.elapsed().as_secs_f64() / 1e9);
    Ok(())
}
