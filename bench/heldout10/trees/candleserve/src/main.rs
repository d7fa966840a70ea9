use axum::routing::post;
use axum::Router;

use candleserve::handlers;
use candleserve::state::{AppState, ServerConfig};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let path = std::env::args().nth(1).unwrap_or_else(|| "server.json".into());
    let cfg: ServerConfig = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let listen = cfg.listen.clone();
    let state = AppState::new(cfg)?;
    let app = Router::new()
        .route("/v1/generate", post(handlers::generate_handler))
        .route("/v1/embed", post(handlers::embed_handler))
        .route("/v1/score", post(handlers::score_handler))
        .route("/admin/adapters", post(handlers::load_adapter_handler))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind(&listen).await?;
    tracing::info!(%listen, "serving");
    axum::serve(listener, app).await?;
    Ok(())
}
