use std::path::PathBuf;

use geocode::engine::Engine;
use geocode::index::Index;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt::init();
    let postings = std::env::args().nth(1).map(PathBuf::from).expect("usage: geocoded <postings.bin> [addr]");
    let addr = std::env::args().nth(2).unwrap_or_else(|| "0.0.0.0:7700".into());
    let index = Index::load(&postings, 0, 8)?;
    if !index.ready() {
        return Err("index failed its readiness probe".into());
    }
    geocode::server::serve(&addr, Engine::new(index, 8)).await?;
    Ok(())
}
