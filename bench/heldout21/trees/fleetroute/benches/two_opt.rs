use criterion::{criterion_group, criterion_main, Criterion};
use fleetroute::solver::moves::{Move, TwoOpt};
use fleetroute::solver::Route;

fn bench(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let routes: Vec<Route> = (0..16).map(|v| Route { vehicle: v, stops: (0..128).collect(), load: 0 }).collect();
    let matrix = vec![1.0f32; 129 * 129];
    let mv = TwoOpt { chunk: 256 };
    c.bench_function("two_opt_evaluate", |b| b.iter(|| mv.evaluate(&routes, &matrix).unwrap()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
