use criterion::{criterion_group, criterion_main, Criterion};

use tsdbdown::ffi;
use tsdbdown::pinned::PinnedVec;

fn bench_rollup(c: &mut Criterion) {
    let n = 1 << 20;
    let mut ts = PinnedVec::<i64>::with_capacity(n).unwrap();
    for i in 0..n as i64 {
        ts.push(i * 1_000_000);
    }
    let vals = vec![1.0f64; n];
    let mut out = vec![ffi::RollupBucket::default(); 2048];
    unsafe { ffi::rollup_init(8) };
    c.bench_function("rollup_chunk 1M", |b| {
        b.iter(|| {
            let mut used = 0;
            unsafe {
                ffi::rollup_chunk(ts.as_ptr(), vals.as_ptr(), n, 1_000_000_000, out.as_mut_ptr(), out.len(), &mut used)
            }
        })
    });
    unsafe { ffi::rollup_shutdown() };
}

criterion_group!(benches, bench_rollup);
criterion_main!(benches);
