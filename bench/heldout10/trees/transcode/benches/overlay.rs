use criterion::{criterion_group, criterion_main, Criterion};
use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::{Stream, StreamFlags};

fn upload(c: &mut Criterion) {
    let _ctx = cust::quick_init().unwrap();
    let stream = Stream::new(StreamFlags::NON_BLOCKING, None).unwrap();
    let host = LockedBuffer::new(&16u8, 1920 * 1080 * 3 / 2).unwrap();
    let mut dev = DeviceBuffer::<u8>::zeroed(host.len()).unwrap();
    c.bench_function("nv12 upload 1080p", |b| {
        b.iter(|| {
            unsafe { dev.async_copy_from(&host, &stream).unwrap() };
            stream.synchronize().unwrap();
        })
    });
}

criterion_group!(benches, upload);
criterion_main!(benches);
