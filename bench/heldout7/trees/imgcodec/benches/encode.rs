use std::time::Instant;

use cust::memory::LockedBuffer;

fn main() {
    let _ctx = cust::quick_init().unwrap();
    let mut host = LockedBuffer::new(&0u8, 3840 * 2160 * 3).unwrap();
    for (i, b) in host.iter_mut().enumerate() {
        *b = (i % 251) as u8;
    }
    let t0 = Instant::now();
    for _ in 0..100 {
        let _dev = cust::memory::DeviceBuffer::from_slice(&host).unwrap();
    }
    println!("{:.2} ms per 4K upload", t0.elapsed().as_secs_f64() * 10.0);
}
