use std::sync::Arc;

use fleetroute::gpu::staging::PinnedStage;
use fleetroute::{config, server, solver};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cfg = config::Config::load(&std::env::args().nth(1).unwrap_or_else(|| "config/service.toml".into()))?;
    let _ctx = cust::quick_init()?;
    let mut pool = Vec::with_capacity(cfg.pool_size);
    for slot in 0..cfg.pool_size {
        tracing::debug!(slot, "warming staging block");
        pool.push(PinnedStage::new(cfg.stage_bytes)?);
    }
    let graph: Vec<f32> = std::fs::read(&cfg.road_graph)?
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let solver = solver::Solver::new(solver::moves::build(&cfg.moves));
    for depot in 0..4u32 {
        solver.cache.depot_matrix(depot, 512);
    }
    let state = Arc::new(server::AppState::new(solver, pool, graph, cfg.max_stops)?);
    let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
    axum::serve(listener, server::router(state)).await?;
    Ok(())
}
