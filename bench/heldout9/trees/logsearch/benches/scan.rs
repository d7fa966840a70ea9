use std::time::Instant;

use logsearch::pinned::PinnedBuf;

fn main() {
    let mut buf = PinnedBuf::new(256 << 20).expect("pinned bench buffer");
    for (i, b) in buf.as_mut_slice().iter_mut().enumerate() {
        *b = if i % 97 == 0 { b'\n' } else { b'a' + (i % 26) as u8 };
    }
    let t0 = Instant::now();
    let n = buf.as_slice().windows(5).filter(|w| w == b"error").count();
    println!("{n} matches, {:.2} GB/s", buf.len() as f64 / t0.elapsed().as_secs_f64() / 1e9);
}
