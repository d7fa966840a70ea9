use criterion::{criterion_group, criterion_main, Criterion};
use frameingest::pinned::PinnedFrame;

fn bench_alloc(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    c.bench_function("pinned_frame_1080p", |b| {
        b.iter(|| {
            let f = PinnedFrame::new(1920 * 1080 * 3 / 2).unwrap();
            criterion::black_box(f.len())
        })
    });
}

criterion_group!(benches, bench_alloc);
criterion_main!(benches);
