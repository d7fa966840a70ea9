mod control;
mod engine;
mod ffi;
mod graph;
mod ir;
mod meters;
mod ring;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Deserialize;

#[derive(Deserialize)]
struct NodeCfg {
    kind: String,
    #[serde(default)]
    bands: Vec<(f32, f32)>,
    #[serde(default)]
    ir: String,
}

#[derive(Deserialize)]
struct Config {
    sample_rate: u32,
    period: usize,
    periods: usize,
    channels: usize,
    socket: String,
    node: Vec<NodeCfg>,
}

fn main() -> anyhow::Result<()> {
    let cfg: Config = toml::from_str(&std::fs::read_to_string("dspd.toml")?)?;
    let ctx = cudarc::driver::CudaContext::new(0)?;
    let mut nodes: Vec<Box<dyn graph::Node>> = Vec::new();
    for n in &cfg.node {
        match n.kind.as_str() {
            "eq" => nodes.push(Box::new(graph::Equalizer::new(&n.bands, cfg.sample_rate as f32)?)),
            "conv" => nodes.push(Box::new(graph::Convolver::new(ctx.clone(), ir::load_ir(&n.ir, 1 << 20)?))),
            other => anyhow::bail!("unknown node kind {other}"),
        }
    }
    let _ = meters::meters();
    let socket = cfg.socket.clone();
    std::thread::spawn(move || control::serve(&socket));
    let mut engine = engine::Engine {
        ring: ring::PinnedRing::new(cfg.period, cfg.periods, cfg.channels)?,
        nodes,
        history: meters::PeakHistory::new(),
    };
    let running = Arc::new(AtomicBool::new(true));
    engine.run(&running)
}
