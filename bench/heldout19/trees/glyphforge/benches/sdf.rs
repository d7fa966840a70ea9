use std::ptr;

use criterion::{criterion_group, criterion_main, Criterion};
use glyphforge::ffi;

fn bench_staging(c: &mut Criterion) {
    c.bench_function("page-locked staging, 1 MiB", |b| {
        b.iter(|| unsafe {
            let mut p = ptr::null_mut();
            ffi::cudaMallocHost(&mut p, 1 << 20);
            ffi::cudaFreeHost(p);
        })
    });
}

criterion_group!(benches, bench_staging);
criterion_main!(benches);
