use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};
use petlist::config::Config;
use petlist::{calib, osem, pinned, recon_queue};

#[derive(Parser)]
struct Cli {
    #[arg(long, default_value = "config/scanner.toml")]
    config: PathBuf,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Reconstruct every study dropped into the spool directory.
    Serve { spool: PathBuf },
    /// Reconstruct one study directory.
    Recon { study: PathBuf },
    /// Build a normalization file from a uniform-cylinder acquisition.
    Calibrate { events: PathBuf, #[arg(short)] out: PathBuf },
    /// Print the coefficient of variation of a reconstructed uniform phantom.
    Uniformity { image: PathBuf },
}

fn main() -> Result<()> {
    env_logger::init();
    let cli = Cli::parse();
    let cfg = Config::load(&cli.config)?;
    match cli.cmd {
        Cmd::Serve { spool } => recon_queue::serve(&spool, &cfg)?,
        Cmd::Recon { study } => {
            let mut recon = osem::Reconstructor::new(&cfg)?;
            let mut scratch = pinned::Scratch::empty();
            recon_queue::process_study(&mut recon, &mut scratch, &cfg, &study)?;
        }
        Cmd::Calibrate { events, out } => {
            let bytes = std::fs::read(&events)?;
            let words: Vec<u64> = bytemuck::pod_collect_to_vec(&bytes[..bytes.len() / 8 * 8]);
            calib::calibrate_normalization(&words, cfg.scanner.n_crystals(), cfg.image.n_vox(), &out)?;
        }
        Cmd::Uniformity { image } => println!("CV = {:.4}", calib::check_uniformity(&image, cfg.image.n_vox())?),
    }
    Ok(())
}
