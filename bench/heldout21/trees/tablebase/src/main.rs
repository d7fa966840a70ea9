use std::ffi::CString;
use std::sync::Arc;

use serde::Deserialize;
use tablebase::compress::compress_blocks;
use tablebase::ffi::{tb_dump_stats, tb_init, tb_shutdown, Registered};
use tablebase::retro::{load_prior_table, Retro};
use tablebase::slab::PinnedSlab;

#[derive(Deserialize)]
struct GenConfig {
    out_dir: String,
    prefetch: usize,
    block_len: usize,
    max_iterations: usize,
    probe_listen: String,
    signatures: Vec<String>,
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let cfg: GenConfig = toml::from_str(&std::fs::read_to_string("config/gen.toml")?)?;
    if args.get(1).map(String::as_str) == Some("probe") {
        let table = Arc::new(std::fs::read(&args[2])?);
        return tablebase::probe::serve(&cfg.probe_listen, table).await;
    }
    let mut prefetch: Vec<PinnedSlab<u8>> = Vec::new();
    for step in 0..cfg.prefetch {
        eprintln!("prefetch slab {step}");
        prefetch.push(PinnedSlab::new(cfg.block_len)?);
    }
    let n = 1usize << 24;
    let mut out = vec![0u8; n];
    let _reg = Registered::new(&mut out)?;
    for sig in &cfg.signatures {
        let pieces = sig.chars().filter(|c| c.is_ascii_uppercase()).count();
        let ctx = unsafe { tb_init(pieces as i32) };
        anyhow::ensure!(!ctx.is_null(), "tb_init failed");
        let prior = load_prior_table(&format!("{}/{sig}.prior", cfg.out_dir), n).unwrap_or_else(|_| vec![0u8; n]);
        let mut retro = Retro::new(ctx, prior, cfg.max_iterations);
        let iters = retro.run()?;
        out.copy_from_slice(&retro.dtz);
        let blocks = compress_blocks(&out, cfg.block_len)?;
        std::fs::write(format!("{}/{sig}.dtz", cfg.out_dir), blocks.concat())?;
        let stats = CString::new(format!("{}/{sig}.stats.csv", cfg.out_dir))?;
        unsafe { tb_dump_stats(ctx, out.as_ptr(), n as i64, stats.as_ptr()) };
        unsafe { tb_shutdown(ctx) };
        eprintln!("{sig}: {iters} iterations, {} prefetch slabs", prefetch.len());
    }
    Ok(())
}
