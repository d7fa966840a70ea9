//! Replays every logged day listed in the config and prints the score statistics.
use std::path::PathBuf;

use bidserve::config::Config;
use bidserve::replay::replay_day;
use bidserve::state::CreativeTable;
use bidserve::scorer::Scorer;

fn main() -> anyhow::Result<()> {
    let path = std::env::args().nth(2).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("bidserve.toml"));
    let cfg = Config::load(&path)?;
    cust::init(cust::CudaFlags::empty())?;
    let ctx = cust::context::Context::new(cust::device::Device::get_device(0)?)?;
    let creatives = CreativeTable::load(&cfg.creatives)?;
    let scorer = Scorer::new(&cfg, ctx, &creatives.as_f32())?;
    for day in &cfg.replay_days {
        let stats = replay_day(&scorer, day)?;
        println!("{}: {:?}", day.display(), stats);
    }
    Ok(())
}
