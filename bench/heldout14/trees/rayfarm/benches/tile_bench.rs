use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::LockedBuffer;

fn bench(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let src = LockedBuffer::new(&0f32, 64 * 64 * 4).unwrap();
    c.bench_function("copy_tile", |b| b.iter(|| src.iter().copied().sum::<f32>()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
