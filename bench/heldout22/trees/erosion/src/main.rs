use std::path::PathBuf;
use std::sync::Arc;

use erosion::config::Config;
use erosion::stream::TileServer;
use erosion::world::{load_r32, World};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let cmd = args.next().unwrap_or_else(|| "generate".into());
    let cfg = Config::load(&PathBuf::from(args.next().unwrap_or_else(|| "worlds.toml".into())))?;
    match cmd.as_str() {
        "generate" => {
            for job in &cfg.jobs {
                let mut world = World::new(job)?;
                let stats = world.generate()?;
                world.save(&job.out)?;
                if std::env::var_os("EROSION_DEBUG").is_some() {
                    world.debug_dump(&job.out.with_extension("pgm"))?;
                }
                println!("{}: {} tiles, done", job.name, stats.len());
            }
        }
        "serve" => {
            let job = cfg.jobs.first().ok_or_else(|| anyhow::anyhow!("no world in the config"))?;
            let server = Arc::new(TileServer::new(load_r32(&job.out)?, job.size, cfg.tile_size)?);
            server.serve(&cfg.listen).await?;
        }
        other => anyhow::bail!("unknown command {other}; use generate or serve"),
    }
    Ok(())
}
