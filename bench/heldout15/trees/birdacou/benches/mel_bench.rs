use std::time::Instant;

use birdacou::capture::Block;
use birdacou::frontend::mel::MelFrontend;
use birdacou::frontend::Frontend;
use cust::memory::LockedBuffer;

fn main() -> anyhow::Result<()> {
    let _ctx = cust::quick_init()?;
    let noise = LockedBuffer::new(&0i16, 144_000)?;
    let block = Block { seq: 0, samples: noise.to_vec() };
    let mut fe = MelFrontend::new(48_000, 144_000)?;
    let t0 = Instant::now();
    for _ in 0..20 {
        fe.process(&block)?;
    }
    println!("{:.2} ms / block", t0.elapsed().as_secs_f64() * 50.0);
    Ok(())
}
