use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::LockedBuffer;

fn bench_replica_copy(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let host = LockedBuffer::new(&[0.0f32; 2], 65472).unwrap();
    let mut dev = cust::memory::DeviceBuffer::<[f32; 2]>::zeroed(65472).unwrap();
    c.bench_function("h2d 16 ms of samples", |b| {
        b.iter(|| {
            use cust::memory::CopyDestination;
            dev.copy_from(&host[..]).unwrap();
        })
    });
}

criterion_group!(benches, bench_replica_copy);
criterion_main!(benches);
