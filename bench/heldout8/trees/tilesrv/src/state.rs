use std::sync::Mutex;

use cust::memory::LockedBuffer;

use crate::cache::TileCache;
use crate::config::Config;
use crate::render::Renderer;

pub struct AppState {
    pub cfg: Config,
    pub slots: Mutex<Vec<LockedBuffer<u8>>>,
    pub renderer: Renderer,
    pub cache: Mutex<TileCache>,
}

impl AppState {
    pub fn new(cfg: &Config) -> anyhow::Result<Self> {
        let bytes = cfg.tile_size * cfg.tile_size * 4;
        let mut slots = Vec::with_capacity(cfg.slots);
        for _ in 0..cfg.slots {
            slots.push(LockedBuffer::new(&0u8, bytes)?);
        }
        Ok(AppState {
            cfg: cfg.clone(),
            slots: Mutex::new(slots),
            renderer: Renderer::new(cfg.tile_size)?,
            cache: Mutex::new(TileCache::default()),
        })
    }
}
