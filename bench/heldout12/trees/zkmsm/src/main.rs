use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};

use zkmsm::config::Config;
use zkmsm::prover::Prover;
use zkmsm::witness::{self, WitnessPool};
use zkmsm::{export, hooks, srs};

#[derive(Parser)]
#[command(name = "zkmsm", about = "GPU prover")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Prove every job of a job file.
    Prove {
        #[arg(long)]
        config: PathBuf,
        #[arg(long)]
        jobs: PathBuf,
        #[arg(long, default_value = "proofs")]
        out: PathBuf,
    },
    /// Print the size of a verifier key.
    VkInfo { path: PathBuf },
}

fn read_jobs(path: &PathBuf) -> anyhow::Result<Vec<Vec<(usize, u64)>>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split(',')
                .map(|kv| {
                    let (k, v) = kv.split_once('=').context("expected idx=value")?;
                    Ok((k.trim().parse()?, v.trim().parse()?))
                })
                .collect()
        })
        .collect()
}

fn main() -> anyhow::Result<()> {
    env_logger::init();
    let cli = Cli::parse();
    let _ctx = cust::quick_init()?;
    match cli.cmd {
        Cmd::Prove { config, jobs, out } => {
            let cfg = Config::load(&config)?;
            let srs = srs::load_srs(&cfg.srs_path)?;
            let mut prover = Prover::new(&cfg, srs)?;
            prover.hooks.push(hooks::timing());
            prover.hooks.push(hooks::bucket_histogram(cfg.msm.window_bits));
            let mut pool = WitnessPool::new(&cfg)?;
            std::fs::create_dir_all(&out)?;
            for (i, job) in read_jobs(&jobs)?.iter().enumerate() {
                let mut w = pool.take();
                witness::fill(job, &mut w)?;
                let proof = prover.prove(&w)?;
                pool.give(w);
                export::write_proof(&out.join(format!("proof-{i:05}.bin")), &proof)?;
            }
        }
        Cmd::VkInfo { path } => {
            let vk = srs::load_verifier_key(&path)?;
            println!("{}: {} G1 points", path.display(), vk.header.n);
        }
    }
    Ok(())
}
