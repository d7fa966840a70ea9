use criterion::{criterion_group, criterion_main, Criterion};

use candleserve::generate::Sampler;
use candleserve::pinned::HostPinned;

fn pick(c: &mut Criterion) {
    let mut logits = HostPinned::<f32>::new(32_000).unwrap();
    for (i, l) in logits.as_mut_slice().iter_mut().enumerate() {
        *l = ((i * 7919) % 1000) as f32 / 100.0;
    }
    let mut s = Sampler::new(1, 0.8, 0.95);
    c.bench_function("top-p over 32k", |b| b.iter(|| s.pick(logits.as_slice()).unwrap()));
}

criterion_group!(benches, pick);
criterion_main!(benches);
