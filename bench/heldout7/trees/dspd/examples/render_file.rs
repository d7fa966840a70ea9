//! One-shot: run the default graph over a raw f32 file and write the result.
use std::sync::Arc;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let ctx = cudarc::driver::CudaContext::new(0)?;
    let raw = std::fs::read(&args[1])?;
    let mut host = unsafe { ctx.alloc_pinned::<u8>(raw.len()) }?;
    host.as_mut_slice()?.copy_from_slice(&raw);
    let _ctx: Arc<_> = ctx;
    std::fs::write(&args[2], host.as_slice()?)?;
    Ok(())
}
