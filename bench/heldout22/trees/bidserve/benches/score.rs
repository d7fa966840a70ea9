use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

use bidserve::config::Config;
use bidserve::scorer::{BidRequest, Candidate, Scorer};

fn bench_score(c: &mut Criterion) {
    let cfg = Config::load(Path::new("bidserve.toml")).unwrap();
    cust::init(cust::CudaFlags::empty()).unwrap();
    let ctx = cust::context::Context::new(cust::device::Device::get_device(0).unwrap()).unwrap();
    let emb = vec![0.01f32; 100_000 * cfg.embedding_dim];
    let scorer = Scorer::new(&cfg, ctx, &emb).unwrap();
    let req = BidRequest {
        auction_id: "bench".into(),
        model_version: 1,
        user_features: vec![0.1; cfg.embedding_dim],
        context: vec![0.0; 48],
        candidates: (0..2000).map(|i| Candidate { ad_id: i, campaign: i % 50, floor_cpm: 0.2 }).collect(),
    };
    c.bench_function("score 2000 candidates", |b| b.iter(|| scorer.score(&req).unwrap()));
}

criterion_group!(benches, bench_score);
criterion_main!(benches);
