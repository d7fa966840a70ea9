use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use tokio::net::TcpListener;
use tokio::sync::Mutex;

use satportfolio::config::Config;
use satportfolio::job;
use satportfolio::pool::ArenaPool;
use satportfolio::portfolio::Portfolio;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "config/portfolio.toml")]
    config: PathBuf,
    /// Check the device round trip and exit.
    #[arg(long)]
    selftest: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    env_logger::init();
    let args = Args::parse();
    let cfg = Arc::new(Config::load(&args.config)?);
    let _ctx = cust::quick_init()?;

    if args.selftest {
        let probe = LockedBuffer::from_slice(&[1u32, 2, 3, 4])?;
        let dev = DeviceBuffer::from_slice(&probe[..])?;
        let mut back = [0u32; 4];
        dev.copy_to(&mut back[..])?;
        anyhow::ensure!(back == [1, 2, 3, 4], "device round trip failed: {back:?}");
        println!("selftest ok");
        return Ok(());
    }

    let pool = Arc::new(ArenaPool::with_capacity(cfg.arenas, cfg.arena_bytes)?);
    let portfolio = Arc::new(Mutex::new(Portfolio::new(&cfg)?));
    let listener = TcpListener::bind(&cfg.listen).await?;
    log::info!("listening on {}", cfg.listen);
    loop {
        let (stream, peer) = listener.accept().await?;
        let (p, a, c) = (portfolio.clone(), pool.clone(), cfg.clone());
        tokio::spawn(async move {
            if let Err(e) = job::handle_job(stream, p, a, c).await {
                log::warn!("job from {peer} failed: {e:#}");
            }
        });
    }
}
