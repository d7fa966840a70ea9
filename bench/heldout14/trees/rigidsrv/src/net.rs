use std::ptr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::ffi;
use crate::slab::PinnedSlab;

/// Applies one client input message (a batch of impulses).
pub fn handle_input(msg: &[u8]) -> anyhow::Result<Vec<[f32; 4]>> {
    let n = msg.len() / 16;
    let mut imp = PinnedSlab::<[f32; 4]>::new(n.max(1))?;
    for (i, c) in msg.chunks_exact(16).enumerate() {
        let mut v = [0f32; 4];
        for k in 0..4 {
            v[k] = f32::from_le_bytes(c[k * 4..k * 4 + 4].try_into()?);
        }
        imp.as_mut_slice()[i] = v;
    }
    Ok(imp.as_mut_slice().to_vec())
}

/// Delta-encodes the state for one client; called for every client every tick.
pub fn encode_delta(prev: &[f32], cur: &[f32]) -> Vec<u8> {
    let bytes = cur.len() * 2;
    let mut stage: *mut std::ffi::c_void = ptr::null_mut();
    unsafe {
        ffi::cuMemAllocHost_v2(&mut stage, bytes);
        let out = std::slice::from_raw_parts_mut(stage as *mut i16, cur.len());
        for i in 0..cur.len() {
            out[i] = ((cur[i] - prev.get(i).copied().unwrap_or(0.0)) * 1000.0) as i16;
        }
        let v = std::slice::from_raw_parts(stage as *const u8, bytes).to_vec();
        ffi::cuMemFreeHost(stage);
        v
    }
}

pub async fn session(mut sock: TcpStream, inputs: tokio::sync::mpsc::Sender<Vec<[f32; 4]>>) -> anyhow::Result<()> {
    let mut buf = vec![0u8; 4096];
    loop {
        let n = sock.read(&mut buf).await?;
        if n == 0 {
            return Ok(());
        }
        inputs.send(handle_input(&buf[..n])?).await?;
        sock.write_all(b"ok").await?;
    }
}
