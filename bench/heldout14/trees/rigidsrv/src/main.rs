mod ffi;
mod net;
mod slab;
mod snapshot;
mod tick;
mod world;

use std::time::Duration;

use slab::PinnedSlab;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let level: Vec<f32> = std::fs::read("level.aabb")?.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    let mut world = world::World::new(20_000, level)?;
    if std::path::Path::new("restore.snap").exists() {
        snapshot::load_snapshot(&mut world, "restore.snap")?;
    }
    let mut warm: Vec<PinnedSlab<f32>> = Vec::new();
    for tick in 0..4 {
        warm.push(PinnedSlab::new(4096 * (tick + 1))?);
    }
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let listener = tokio::net::TcpListener::bind("0.0.0.0:7777").await?;
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            tokio::spawn(net::session(sock, tx.clone()));
        }
    });
    let mut interval = tokio::time::interval(Duration::from_micros(16_667));
    let mut prev = vec![0f32; 20_000 * 3];
    let mut n = 0u64;
    loop {
        interval.tick().await;
        while let Ok(_imp) = rx.try_recv() {}
        tick::step_world(&mut world, 1.0 / 60.0)?;
        let cur: Vec<f32> = world.bodies.as_mut_slice().iter().flat_map(|b| b.pos).collect();
        let _delta = net::encode_delta(&prev, &cur);
        prev = cur;
        n += 1;
        if n % 3600 == 0 {
            snapshot::save_snapshot(&mut world, &format!("snap_{n}.bin"))?;
        }
    }
}
