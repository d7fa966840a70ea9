use axum::routing::{get, post};
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;

use bidserve::budget::BudgetLedger;
use bidserve::config::Config;
use bidserve::handlers;
use bidserve::state::AppState;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let path = std::env::args()
        .skip_while(|a| a != "--config")
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("bidserve.toml"));
    let cfg = Config::load(&path)?;

    cust::init(cust::CudaFlags::empty())?;
    let device = cust::device::Device::get_device(0)?;
    let ctx = cust::context::Context::new(device)?;
    let ledger = BudgetLedger::load(&cfg.ledger)?;
    let state = Arc::new(AppState::new(&cfg, ctx, ledger)?);

    let app = Router::new()
        .route("/bid", post(handlers::bid))
        .route("/explain", post(handlers::explain))
        .route("/metrics", get(handlers::metrics_text))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind(&cfg.listen).await?;
    tracing::info!("bidding on {}", cfg.listen);
    axum::serve(listener, app).await?;
    Ok(())
}
