use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::{DeviceBuffer, LockedBuffer};

use zkmsm::field::{Fr, G1Affine};
use zkmsm::msm::MsmEngine;

fn bench_msm(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let n = 1 << 16;
    let scalars = LockedBuffer::from_slice(&(0..n as u64).map(|i| Fr([i * 7 + 1, 0, 0, 0])).collect::<Vec<_>>()).unwrap();
    let bases = DeviceBuffer::from_slice(&vec![G1Affine::default(); n]).unwrap();
    let mut engine = MsmEngine::new(n, 13).unwrap();
    c.bench_function("msm 2^16", |b| b.iter(|| engine.run(&bases, &scalars).unwrap()));
}

criterion_group!(benches, bench_msm);
criterion_main!(benches);
