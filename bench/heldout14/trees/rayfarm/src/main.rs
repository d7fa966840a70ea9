mod api;
mod config;
mod denoise;
mod ffi;
mod output;
mod render;
mod scene;
mod tiles;

use std::sync::Arc;

use cust::memory::LockedBuffer;
use tokio::sync::mpsc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cfg = config::FarmConfig::load(&std::env::args().nth(1).unwrap_or_else(|| "farm.toml".into()))?;
    let _ctx = cust::quick_init()?;
    let _atlas = scene::load_textures("assets/atlas.rftx")?;
    let mut renderer = render::Renderer::new(cfg.width, cfg.height, include_str!("../kernels/trace.ptx"))?;
    let mut denoiser = denoise::Denoiser::new(2);
    let mut stage = tiles::TileStage::new();
    let mut slots: Vec<LockedBuffer<f32>> = Vec::with_capacity(cfg.slots);
    for _slot in 0..cfg.slots {
        slots.push(LockedBuffer::new(&0f32, cfg.tile * cfg.tile * 4)?);
    }
    let (tx, mut rx) = mpsc::channel(16);
    let listener = tokio::net::TcpListener::bind(&cfg.bind).await?;
    tokio::spawn(async move { axum::serve(listener, api::router(Arc::new(api::AppState { jobs: tx }))).await });
    let mut frame_no = 0u32;
    while let Some(_job) = rx.recv().await {
        for (k, t) in tiles::split(cfg.width, cfg.height, cfg.tile).iter().enumerate() {
            renderer.render_tile(t, cfg.spp)?;
            let px = &mut slots[k % cfg.slots];
            let st = stage.ensure_capacity(t.w * t.h * 4)?;
            st[..px.len().min(st.len())].copy_from_slice(&px[..px.len().min(st.len())]);
            denoiser.apply(t, px)?;
        }
        output::write_exr(&format!("out/frame_{frame_no:05}.exr"), renderer.frame(), cfg.width, cfg.height)?;
        output::write_preview(&format!("out/frame_{frame_no:05}.raw"), renderer.frame())?;
        frame_no += 1;
    }
    Ok(())
}
