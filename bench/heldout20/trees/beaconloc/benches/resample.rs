use beaconloc::resample::systematic_resample;
use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::{DeviceBuffer, LockedBuffer};
use cust::stream::{Stream, StreamFlags};

fn bench(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let stream = Stream::new(StreamFlags::NON_BLOCKING, None).unwrap();
    let n = 1 << 16;
    let weights: Vec<f32> = (0..n).map(|i| 1.0 + (i % 7) as f32).collect();
    let mut dev_idx = DeviceBuffer::<u32>::zeroed(n).unwrap();

    c.bench_function("systematic_resample 64k", |b| {
        b.iter(|| systematic_resample(&weights, 0.37, &mut dev_idx, &stream).unwrap())
    });
    c.bench_function("LockedBuffer::new 64k u32", |b| {
        b.iter(|| LockedBuffer::new(&0u32, n).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
