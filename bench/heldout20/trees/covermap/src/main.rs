mod antenna;
mod config;
mod elevation;
mod ffi;
mod planner;
mod render;
mod routes;
mod scratch;
mod tile;

use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

use crate::antenna::{make_antenna_pattern, MsiPattern};
use crate::config::Config;
use crate::elevation::ElevationCache;
use crate::ffi::Ctx;
use crate::planner::Planner;
use crate::routes::AppState;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let mut args = std::env::args().skip(1);
    let cfg_path = args.next().unwrap_or_else(|| "config/covermap.toml".into());
    let cfg = Config::load(&cfg_path)?;

    let ctx = Ctx::init(cfg.max_sites, cfg.raster_w, cfg.raster_h)?;
    ctx.load_clutter(&cfg.clutter)?;
    ctx.load_antenna_db(&cfg.antenna_db)?;
    let gain = make_antenna_pattern(MsiPattern::load(&cfg.antenna_pattern)?);
    let planner = Planner::new(ctx, gain, cfg.sites.clone());

    // `covermap CONFIG export OUT.tif`: one prediction with nominal powers, written as GeoTIFF.
    if args.next().as_deref() == Some("export") {
        let out = args.next().unwrap_or_else(|| "coverage.tif".into());
        let cov = planner.predict(&[], -110.0)?;
        planner.export(std::path::Path::new(&out))?;
        println!("{out}: {:.1}% covered", 100.0 * cov.covered_fraction);
        return Ok(());
    }

    let spares = render::warm_spares(cfg.preview_slots)?.into_iter().map(Mutex::new).collect();
    let state = Arc::new(AppState {
        planner,
        spares,
        next_spare: AtomicUsize::new(0),
        elevation: ElevationCache::new(cfg.dem_root.clone()),
    });
    let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
    tracing::info!(listen = %cfg.listen, "covermap ready");
    axum::serve(listener, routes::router(state)).await?;
    Ok(())
}
