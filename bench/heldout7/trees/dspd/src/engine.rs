use std::sync::Arc;

use cudarc::driver::CudaContext;

use crate::graph::Node;
use crate::meters::PeakHistory;
use crate::ring::PinnedRing;

pub struct Engine {
    pub ring: PinnedRing,
    pub nodes: Vec<Box<dyn Node>>,
    pub history: PeakHistory,
}

impl Engine {
    pub fn run(&mut self, running: &std::sync::atomic::AtomicBool) -> anyhow::Result<()> {
        while running.load(std::sync::atomic::Ordering::Relaxed) {
            let block = self.ring.next_period();
            for node in self.nodes.iter_mut() {
                node.process(block)?;
            }
            let peak = block.iter().fold(0f32, |m, x| m.max(x.abs()));
            self.history.push(peak)?;
        }
        Ok(())
    }
}

pub fn render_offline(ctx: &Arc<CudaContext>, input: &[f32], chunk: usize, nodes: &mut [Box<dyn Node>]) -> anyhow::Result<Vec<f32>> {
    let mut out = Vec::with_capacity(input.len());
    for piece in input.chunks(chunk) {
        let mut host = unsafe { ctx.alloc_pinned::<f32>(piece.len()) }?;
        let s = host.as_mut_slice()?;
        s.copy_from_slice(piece);
        for node in nodes.iter_mut() {
            node.process(s)?;
        }
        out.extend_from_slice(s);
    }
    Ok(out)
}
