use criterion::{criterion_group, criterion_main, Criterion};
use rand::Rng;

use erosion::ffi::{er_destroy, er_droplets, er_init, er_params, er_upload};

fn bench(c: &mut Criterion) {
    let size = 1024;
    let params = er_params {
        inertia: 0.05,
        capacity: 4.0,
        deposition: 0.3,
        erosion: 0.3,
        evaporation: 0.01,
        gravity: 4.0,
        max_lifetime: 30,
        brush_radius: 3,
    };
    let ctx = unsafe { er_init(size, size, &params) };
    let heights = vec![0.5f32; (size * size) as usize];
    unsafe { er_upload(ctx, heights.as_ptr()) };
    let mut rng = rand::thread_rng();
    let seeds: Vec<f32> = (0..2 * 65536).map(|_| rng.gen()).collect();
    c.bench_function("65k droplets", |b| b.iter(|| unsafe { er_droplets(ctx, seeds.as_ptr(), 65536) }));
    unsafe { er_destroy(ctx) };
}

criterion_group!(benches, bench);
criterion_main!(benches);
