use std::sync::{Arc, Mutex};

use beaconloc::config::Config;
use beaconloc::filter::ParticleFilter;
use beaconloc::pool::StagePool;
use beaconloc::server::{self, Shared};
use beaconloc::{fingerprint, map, motion};
use cust::memory::LockedBuffer;
use cust::stream::{Stream, StreamFlags};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let path = std::env::args().nth(1).unwrap_or_else(|| "config/site.toml".to_string());
    let cfg = Config::load(&path)?;
    let _ctx = cust::quick_init()?;
    let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;

    let (plan, walls) = map::load_floorplan(&cfg.floorplan, &stream)?;
    tracing::info!(floors = plan.floors, walls = plan.walls.len(), "floorplan loaded");
    let beacons = LockedBuffer::from_slice(&cfg.beacon_positions())?;
    let map_width = (plan.width_m / fingerprint::CELL_M).ceil() as usize;
    fingerprint::radio_map(&cfg.radio_map);

    let models = motion::build(&cfg.motion_models)?;
    let filter = ParticleFilter::new(cfg.particles, models, beacons, walls, &cfg.kernels, stream, map_width)?;
    let pool = StagePool::new(cfg.ingest_slots, cfg.ingest_bytes)?;
    let shared = Arc::new(Shared { filter: Mutex::new(filter), pool });
    server::serve(&cfg.listen, shared).await
}
