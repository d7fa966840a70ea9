use std::time::Instant;

use cust::memory::LockedBuffer;
use georeproj::raster::build_overviews;

fn main() {
    let _ctx = cust::quick_init().expect("CUDA context");
    let base = LockedBuffer::new(&7u16, 4096 * 4096).expect("pinned base");
    let t0 = Instant::now();
    let levels = build_overviews(&base, 4096, 4096, 6).expect("overviews");
    println!("{} levels in {:?}", levels.len(), t0.elapsed());
}
