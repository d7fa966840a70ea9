use criterion::{criterion_group, criterion_main, Criterion};
use tablebase::compress::compress_blocks;

fn bench(c: &mut Criterion) {
    let dtz: Vec<u8> = (0..1u32 << 22).map(|i| (i % 97) as u8).collect();
    c.bench_function("compress_blocks_64k", |b| b.iter(|| compress_blocks(&dtz, 1 << 16).unwrap()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
