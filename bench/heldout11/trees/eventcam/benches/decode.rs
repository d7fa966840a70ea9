use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::LockedBuffer;

fn bench_copy(c: &mut Criterion) {
    let _ctx = cust::quick_init().expect("gpu");
    let words: Vec<u16> = (0..32_768u16).map(|i| (0x2 << 12) | (i & 0x0fff)).collect();
    c.bench_function("pinned_copy_64k", |b| {
        b.iter(|| {
            let buf = LockedBuffer::from_slice(&words).unwrap();
            criterion::black_box(buf.len())
        })
    });
}

criterion_group!(benches, bench_copy);
criterion_main!(benches);
