//! Rebuilds the posting files of the regions listed in a TOML file.
//!
//!     rebuild config/rebuild.toml
use std::collections::BTreeSet;
use std::ffi::CString;
use std::path::PathBuf;

use serde::Deserialize;

use geocode::ffi::{gm_destroy, gm_dump_postings, gm_init};
use geocode::gazetteer::load_gazetteer;
use geocode::tokenize::{normalise, trigrams};

#[derive(Deserialize)]
struct RebuildFile {
    out_dir: PathBuf,
    #[serde(rename = "region")]
    regions: Vec<Region>,
}

#[derive(Deserialize)]
struct Region {
    name: String,
    gazetteer: PathBuf,
    #[serde(default)]
    device: i32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "config/rebuild.toml".into());
    let cfg: RebuildFile = toml::from_str(&std::fs::read_to_string(path)?)?;
    std::fs::create_dir_all(&cfg.out_dir)?;
    for region in &cfg.regions {
        let gaz = load_gazetteer(&region.gazetteer)?;
        let mut offsets = vec![0i64];
        let mut postings = Vec::new();
        let mut vocab = BTreeSet::new();
        for s in &gaz.streets {
            let t = trigrams(&normalise(&format!("{} {}", s.name, s.locality))?);
            vocab.extend(t.iter().copied());
            postings.extend_from_slice(&t);
            offsets.push(postings.len() as i64);
        }
        let n = gaz.streets.len() as i32;
        let ctx = unsafe { gm_init(region.device, postings.as_ptr(), offsets.as_ptr(), n, 8) };
        if ctx.is_null() {
            return Err(format!("{}: gm_init failed", region.name).into());
        }
        let out = CString::new(cfg.out_dir.join(format!("{}.bin", region.name)).to_string_lossy().into_owned())?;
        let rc = unsafe { gm_dump_postings(ctx, out.as_ptr()) };
        unsafe { gm_destroy(ctx) };
        if rc != 0 {
            return Err(format!("{}: gm_dump_postings returned {rc}", region.name).into());
        }
        println!("{}: {} streets, {} trigrams", region.name, n, vocab.len());
    }
    Ok(())
}
