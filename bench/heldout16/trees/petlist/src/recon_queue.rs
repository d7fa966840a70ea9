//! Spool daemon: one reconstruction job per study directory dropped into `incoming/`.
use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use log::{error, info};

use crate::config::Config;
use crate::corrections::{attenuation_for_study, Randoms};
use crate::listmode::{estimate_singles, split_subsets};
use crate::osem::Reconstructor;
use crate::pinned::Scratch;

const COINCIDENCE_WINDOW_NS: f32 = 4.7;

pub fn process_study(recon: &mut Reconstructor, scratch: &mut Scratch, cfg: &Config, study: &Path) -> Result<()> {
    let path = study.join("events.lm");
    let len = fs::metadata(&path).with_context(|| format!("{}", path.display()))?.len() as usize;
    let raw = unsafe { std::slice::from_raw_parts_mut(scratch.get(len)? as *mut u8, len) };
    File::open(&path)?.read_exact(raw)?;
    let words: &[u64] = bytemuck::cast_slice(&raw[..len / 8 * 8]);
    let singles = estimate_singles(words, cfg.scanner.n_crystals(), cfg.recon.delayed_frames)?;
    let randoms = Randoms::from_singles(&singles, COINCIDENCE_WINDOW_NS);
    let subsets = split_subsets(words, cfg.recon.subsets);
    attenuation_for_study(recon.raw(), study, recon.n_vox())?;
    recon.run(&subsets, &randoms)?;
    recon.write(&study.join("recon.img"))?;
    info!("{}: {} prompts reconstructed", study.display(), subsets.iter().map(Vec::len).sum::<usize>());
    Ok(())
}

fn pending(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("READY").exists())
        .collect();
    v.sort();
    Ok(v)
}

pub fn serve(spool: &Path, cfg: &Config) -> Result<()> {
    let mut recon = Reconstructor::new(cfg)?;
    let mut scratch = Scratch::empty();
    let (incoming, done, failed) = (spool.join("incoming"), spool.join("done"), spool.join("failed"));
    fs::create_dir_all(&done)?;
    fs::create_dir_all(&failed)?;
    loop {
        let studies = pending(&incoming)?;
        if studies.is_empty() {
            std::thread::sleep(Duration::from_secs(5));
            continue;
        }
        for study in studies {
            let name = study.file_name().unwrap().to_owned();
            match process_study(&mut recon, &mut scratch, cfg, &study) {
                Ok(()) => fs::rename(&study, done.join(&name))?,
                Err(e) => {
                    error!("{}: {e:#}", study.display());
                    fs::rename(&study, failed.join(&name))?;
                }
            }
        }
    }
}
