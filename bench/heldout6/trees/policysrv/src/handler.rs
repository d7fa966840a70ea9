use std::io::{Read, Write};
use std::net::TcpStream;

use crate::pinned::PinnedBuf;
use crate::policy::Policy;
use crate::rollout::Rollout;
use crate::telemetry;

pub struct Request {
    pub obs: Vec<f32>,
    pub frame: Option<Vec<u8>>,
}

pub fn read_request(conn: &mut TcpStream) -> std::io::Result<Option<Request>> {
    let mut hdr = [0u8; 8];
    if conn.read_exact(&mut hdr).is_err() {
        return Ok(None);
    }
    let n_obs = u32::from_le_bytes(hdr[0..4].try_into().unwrap()) as usize;
    let n_frame = u32::from_le_bytes(hdr[4..8].try_into().unwrap()) as usize;
    let mut obs = vec![0u8; n_obs * 4];
    conn.read_exact(&mut obs)?;
    let frame = if n_frame > 0 {
        let mut f = vec![0u8; n_frame];
        conn.read_exact(&mut f)?;
        Some(f)
    } else {
        None
    };
    Ok(Some(Request { obs: bytemuck::cast_slice(&obs).to_vec(), frame }))
}

/// One request: stage the observation, run the policy, send the action back.
pub fn handle_request(
    req: Request,
    policy: &mut Policy,
    enc: &Rollout,
    conn: &mut TcpStream,
    seq: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let t0 = std::time::Instant::now();
    let mut staged = PinnedBuf::new(req.obs.len() * 4)?;
    staged.as_mut_slice().copy_from_slice(bytemuck::cast_slice(&req.obs));
    let actions = policy.act(bytemuck::cast_slice(staged.as_slice()))?;
    if let Some(frame) = &req.frame {
        let _encoded = enc.encode_frame(frame)?;
    }
    conn.write_all(bytemuck::cast_slice(&actions))?;
    telemetry::record(t0.elapsed().as_micros() as u32, seq);
    Ok(())
}
