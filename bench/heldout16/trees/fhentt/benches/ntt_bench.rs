//! Upload + forward NTT throughput for one ring degree (run with `cargo bench`).
use std::time::Instant;

use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::prelude::*;

#[path = "../src/ntt.rs"]
mod ntt;

fn main() -> anyhow::Result<()> {
    let _ctx = cust::quick_init()?;
    let n = 1 << 16;
    let moduli = [1152921504606584833u64, 1152921504598720513];
    let plan = ntt::NttPlan::new(n, &moduli)?;
    let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
    let host = LockedBuffer::new(&3u64, n * moduli.len())?;
    let mut d = DeviceBuffer::from_slice(&host)?;
    let reps = 200;
    let t0 = Instant::now();
    for _ in 0..reps {
        unsafe { d.async_copy_from(&host[..], &stream)? };
        plan.forward(&stream, &mut d, moduli.len())?;
    }
    stream.synchronize()?;
    let dt = t0.elapsed().as_secs_f64() / reps as f64;
    println!("n={n} limbs={} : {:.1} us per upload+NTT", moduli.len(), dt * 1e6);
    Ok(())
}
