use std::path::PathBuf;

use qecdecode::decoder::DecoderConfig;
use qecdecode::server::router;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt::init();
    let path = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| "qecd.toml".into());
    let cfg: DecoderConfig = toml::from_str(&std::fs::read_to_string(&path)?)?;
    let app = router(&cfg)?;
    let listener = tokio::net::TcpListener::bind("0.0.0.0:7411").await?;
    tracing::info!("qecd: distance {} x {} rounds on :7411", cfg.distance, cfg.rounds);
    axum::serve(listener, app).await?;
    Ok(())
}
