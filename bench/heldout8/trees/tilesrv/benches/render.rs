use std::time::Instant;

use cust::memory::LockedBuffer;

fn main() {
    let _ctx = cust::quick_init().unwrap();
    for size in [256usize, 512, 1024] {
        let t0 = Instant::now();
        for _ in 0..100 {
            let b = LockedBuffer::new(&0u8, size * size * 4).unwrap();
            std::hint::black_box(&b);
        }
        println!("{size}: {:?}/alloc", t0.elapsed() / 100);
    }
}
