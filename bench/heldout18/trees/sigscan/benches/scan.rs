use cust::memory::LockedBuffer;
use sigscan::{engine::Engine, pool::ScanPool, sigdb};
use std::time::Instant;

fn main() {
    let _ctx = cust::quick_init().unwrap();
    let db = sigdb::load_signatures("testdata/sigs.db").unwrap();
    let mut engine = Engine::new(&db, ScanPool::new(4, 1 << 20).unwrap());
    for size in [4 << 10, 64 << 10, 1 << 20] {
        let input = LockedBuffer::new(&0x41u8, size).unwrap();
        let t0 = Instant::now();
        for _ in 0..100 {
            engine.scan_all(&input).unwrap();
        }
        println!("{size}: {:?}/scan", t0.elapsed() / 100);
    }
}
