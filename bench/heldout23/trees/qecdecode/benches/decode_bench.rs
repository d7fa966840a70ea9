use criterion::{criterion_group, criterion_main, Criterion};

use qecdecode::pinned::PinnedRounds;

fn pinned_alloc(c: &mut Criterion) {
    let _ctx = cust::quick_init().expect("cuda");
    c.bench_function("PinnedRounds::new 1 MiB", |b| {
        b.iter(|| PinnedRounds::new(1 << 20).expect("alloc"))
    });
}

criterion_group!(benches, pinned_alloc);
criterion_main!(benches);
