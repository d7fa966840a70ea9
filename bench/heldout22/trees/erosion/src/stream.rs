//! Tile streaming to the editor: 9-byte requests (x: u32, y: u32, lod: u8), raw f32 tiles back.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::slab::{alloc_slab, HostSlab};

const LOD_TAPS: usize = 9;

#[derive(Debug, Clone, Copy)]
pub struct TileRequest {
    pub x: u32,
    pub y: u32,
    pub lod: u8,
}

impl TileRequest {
    pub fn parse(b: &[u8; 9]) -> Self {
        Self {
            x: u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            y: u32::from_le_bytes([b[4], b[5], b[6], b[7]]),
            lod: b[8].min(6),
        }
    }
}

/// Cuts the requested tile out of the world (every 2^lod-th cell) into a fresh pinned slab.
pub fn stage_tile(heights: &[f32], world: usize, req: &TileRequest, tile: usize) -> anyhow::Result<HostSlab<f32>> {
    let mut slab = alloc_slab(tile)?;
    let step = 1usize << req.lod;
    let (x0, y0) = (req.x as usize * tile * step, req.y as usize * tile * step);
    let out = slab.as_mut_slice();
    for j in 0..tile {
        for i in 0..tile {
            let (x, y) = ((x0 + i * step).min(world - 1), (y0 + j * step).min(world - 1));
            out[j * tile + i] = heights[y * world + x];
        }
    }
    Ok(slab)
}

pub struct TileServer {
    heights: Arc<Vec<f32>>,
    world: usize,
    tile: usize,
    lod_kernels: Mutex<HashMap<u8, Arc<HostSlab<f32>>>>,
    pub preview: HostSlab<f32>,
}

impl TileServer {
    pub fn new(heights: Vec<f32>, world: usize, tile: usize) -> anyhow::Result<Self> {
        // Whole-world thumbnail shown while the editor connects.
        let overview = TileRequest { x: 0, y: 0, lod: (world / tile).trailing_zeros() as u8 };
        let preview = stage_tile(&heights, world, &overview, tile)?;
        Ok(Self { heights: Arc::new(heights), world, tile, lod_kernels: Mutex::new(HashMap::new()), preview })
    }

    /// Binomial smoothing kernel for a LOD level (one per level, 0..=6).
    fn lod_kernel(&self, lod: u8) -> Arc<HostSlab<f32>> {
        let mut map = self.lod_kernels.lock().unwrap();
        map.entry(lod)
            .or_insert_with(|| {
                let mut k = HostSlab::<f32>::new(LOD_TAPS).expect("pinned LOD kernel");
                let w = 1.0 / (1u32 << (lod as u32 + 1)) as f32;
                for (i, v) in k.as_mut_slice().iter_mut().enumerate() {
                    *v = if i == LOD_TAPS / 2 { 1.0 - w * (LOD_TAPS - 1) as f32 } else { w };
                }
                Arc::new(k)
            })
            .clone()
    }

    pub async fn serve(self: Arc<Self>, listen: &str) -> anyhow::Result<()> {
        let listener = TcpListener::bind(listen).await?;
        loop {
            let (mut sock, peer) = listener.accept().await?;
            let me = self.clone();
            tokio::spawn(async move {
                let mut hdr = [0u8; 9];
                while sock.read_exact(&mut hdr).await.is_ok() {
                    let req = TileRequest::parse(&hdr);
                    let me2 = me.clone();
                    let staged = tokio::task::spawn_blocking(move || {
                        let kernel = me2.lod_kernel(req.lod);
                        stage_tile(&me2.heights, me2.world, &req, me2.tile).map(|t| (t, kernel))
                    })
                    .await;
                    let Ok(Ok((tile, _kernel))) = staged else {
                        eprintln!("tile {:?} for {peer} failed", req);
                        break;
                    };
                    let bytes: Vec<u8> = tile.as_slice().iter().flat_map(|v| v.to_le_bytes()).collect();
                    if sock.write_all(&bytes).await.is_err() {
                        break;
                    }
                }
            });
        }
    }
}
