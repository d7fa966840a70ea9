use criterion::{criterion_group, criterion_main, Criterion};

use geocode::stage::stage_queries;

fn bench_stage(c: &mut Criterion) {
    let queries: Vec<String> = (0..512).map(|i| format!("{} Wattle Grove, Ringwood North VIC", i + 1)).collect();
    c.bench_function("stage_queries 512", |b| b.iter(|| stage_queries(&queries).unwrap()));
}

criterion_group!(benches, bench_stage);
criterion_main!(benches);
