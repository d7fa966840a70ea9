use std::sync::Arc;

use cudarc::driver::CudaContext;

fn main() -> anyhow::Result<()> {
    let path = std::env::args().nth(1).expect("usage: replay FILE");
    let data = std::fs::read(&path)?;
    let ctx: Arc<CudaContext> = CudaContext::new(0)?;
    let mut host = unsafe { ctx.alloc_pinned::<u8>(data.len()) }?;
    host.as_mut_slice()?.copy_from_slice(&data);
    let stream = ctx.default_stream();
    let dev = stream.memcpy_stod(host.as_slice()?)?;
    println!("replayed {} bytes", dev.len());
    Ok(())
}
