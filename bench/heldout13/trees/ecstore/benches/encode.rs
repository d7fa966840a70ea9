use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ecstore::cuda::HostBuf;
use ecstore::rs::Encoder;

fn bench_encode(c: &mut Criterion) {
    let (k, m, len) = (8, 4, 1 << 20);
    let mut enc = Encoder::new(k, m, len).unwrap();
    let src = HostBuf::new(k * len).unwrap();
    let data: Vec<&[u8]> = src.as_slice().chunks(len).collect();
    let mut g = c.benchmark_group("rs");
    g.throughput(Throughput::Bytes((k * len) as u64));
    g.bench_function("encode 8+4 x 1 MiB", |b| b.iter(|| enc.encode_stripe(&data).unwrap()));
    g.finish();
}

criterion_group!(benches, bench_encode);
criterion_main!(benches);
