mod ffi;
mod handler;
mod legacy;
mod pinned;
mod policy;
mod pool;
mod rollout;
mod shm;
mod telemetry;
mod weights;

use std::net::TcpListener;
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    env_logger::init();
    let _ctx = cust::quick_init()?;
    let w = weights::load_weights(Path::new("policy.bin"))?;
    let obs_dim = w.header.get().obs_dim as usize;
    let act_dim = w.header.get().act_dim as usize;
    let mut policy = policy::Policy::new(include_str!("../kernels/mlp.ptx"), &w.params, obs_dim, act_dim, 64)?;
    let enc = rollout::Rollout::new(0, obs_dim)?;
    let _pool = pool::ObsPool::new(32, obs_dim * 64 * 4)?;
    let mut arena = vec![0u8; 64 << 20];
    let _arena_reg = shm::HostRegistration::register(arena.as_mut_ptr(), arena.len())?;
    if Path::new("calib_v1.bin").exists() {
        let c = legacy::read_v1_calibration(Path::new("calib_v1.bin"), 64)?;
        log::info!("v1 calibration: {} values", c.len());
    }
    let listener = TcpListener::bind("0.0.0.0:7700")?;
    let mut seq = 0usize;
    for conn in listener.incoming() {
        let mut conn = conn?;
        let mut ring_hdr = [0u8; 16];
        if let Ok(reg) = shm::register_shared(ring_hdr.as_mut_ptr(), ring_hdr.len()) {
            log::info!("client ring registered ({} bytes)", reg.len());
        }
        while let Some(req) = handler::read_request(&mut conn)? {
            if let Err(e) = handler::handle_request(req, &mut policy, &enc, &mut conn, seq) {
                log::warn!("request {} failed: {}", seq, e);
            }
            seq += 1;
        }
    }
    Ok(())
}
