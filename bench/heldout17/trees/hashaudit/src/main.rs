mod audit;
mod config;
mod ffi;
mod hasher;
mod hashlist;
mod pinned;
mod report;
mod rules;
mod server;
mod staging;
mod wordlist;

use clap::Parser;
use cust::memory::{DeviceBuffer, LockedBox};
use cust::module::Module;

#[derive(Parser)]
struct Cli {
    config: String,
    #[arg(long)]
    serve: bool,
    #[arg(long)]
    selftest: bool,
}

fn kernels(cfg: &config::AuditConfig, hl: &hashlist::HashList) -> anyhow::Result<Vec<Box<dyn hasher::HashKernel>>> {
    let mut out: Vec<Box<dyn hasher::HashKernel>> = Vec::new();
    for k in &cfg.kernels {
        match k.as_str() {
            "pbkdf2" => out.push(Box::new(hasher::Pbkdf2Sha256 {
                module: Module::from_ptx(include_str!(concat!(env!("OUT_DIR"), "/pbkdf2.ptx")), &[])?,
                salt: DeviceBuffer::from_slice(&hl.salt)?,
                iterations: hl.iterations,
            })),
            "ntlm" => out.push(Box::new(hasher::Ntlm {
                module: Module::from_ptx(include_str!(concat!(env!("OUT_DIR"), "/ntlm.ptx")), &[])?,
                out: cust::memory::LockedBuffer::new(&0u8, 1 << 20)?,
            })),
            other => anyhow::bail!("unknown kernel {other}"),
        }
    }
    Ok(out)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _ctx = cust::quick_init()?;
    if cli.selftest {
        let probe = LockedBox::new(&0xfeed_u64)?;
        println!("pinned selftest ok: {:#x}", *probe);
        return Ok(());
    }
    let cfg = config::AuditConfig::load(&cli.config)?;
    if cli.serve {
        return server::serve(&cfg.listen).await;
    }
    let hl = hashlist::load_hashlist(&cfg.hashlist)?;
    let mut target_bytes: Vec<u8> = hl.digests.iter().flatten().copied().collect();
    let ks = kernels(&cfg, &hl)?;
    let manglers = rules::build(&cfg.rules);
    let mut auditor = audit::Auditor::new(cfg.clone(), ks, manglers, &mut target_bytes)?;
    let cracked = auditor.run(&hl)?;
    let hist = report::summary(&[cracked])?;
    report::write_potfile(&cfg.potfile, &[(format!("{cracked}"), format!("{hist:?}"))])?;
    Ok(())
}
