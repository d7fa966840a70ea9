use criterion::{black_box, criterion_group, criterion_main, Criterion};
use cust::memory::{DeviceBuffer, LockedBuffer};

fn bench_upload(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    c.bench_function("upload 64k literals from page-locked memory", |b| {
        b.iter(|| {
            let host = LockedBuffer::new(&1i32, 1 << 16).unwrap();
            let dev = DeviceBuffer::from_slice(&host[..]).unwrap();
            black_box(dev);
        })
    });
}

criterion_group!(benches, bench_upload);
criterion_main!(benches);
