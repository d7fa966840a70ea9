//! `ghosttax clean`: remove the persistent cache (what `check` keeps in `.ghosttax_cache/`),
//! saying what was removed. Also where that cache is, which `check` reads from here.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ghosttax::config::{self, Loaded};
use ghosttax::engine::cache::DEFAULT_DIR;
use ghosttax::report;

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    /// The project whose cache to remove [default: the current directory's].
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// Remove this cache folder instead (also `GHOSTTAX_CACHE_DIR`).
    #[arg(long, value_name = "DIR")]
    cache_dir: Option<PathBuf>,
}

/// The cache folder of a run over `paths`: `--cache-dir`, else `GHOSTTAX_CACHE_DIR`, else
/// `.ghosttax_cache` at the project's root (the folder of the configuration file in use,
/// else the git work tree or nearest folder with a pyproject.toml or ghosttax.toml around
/// the first path, else the current directory).
pub fn cache_dir(explicit: Option<&Path>, paths: &[PathBuf], loaded: Option<&Loaded>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os("GHOSTTAX_CACHE_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let root = loaded
        .map(|l| match l.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        })
        .or_else(|| {
            let cwd = std::env::current_dir().ok()?;
            let start = config::start_of(paths.first().map_or(Path::new("."), |p| p), &cwd);
            ghosttax::discover::project_root(&start).map(|root| relative(&root, &cwd))
        })
        .unwrap_or_else(|| PathBuf::from("."));
    if root == Path::new(".") {
        return PathBuf::from(DEFAULT_DIR);
    }
    root.join(DEFAULT_DIR)
}

/// `path` from `cwd` when it lies under it (as messages show it), else as it is.
fn relative(path: &Path, cwd: &Path) -> PathBuf {
    let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
    match path.strip_prefix(&cwd) {
        Ok(rel) if rel.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rel) => rel.to_path_buf(),
        Err(_) => path.to_path_buf(),
    }
}

pub fn run(args: &Args) -> ExitCode {
    let paths: Vec<PathBuf> = args.path.iter().cloned().collect();
    let loaded = match args.cache_dir {
        Some(_) => None,
        None => {
            let cwd = std::env::current_dir().unwrap_or_default();
            let start = config::start_of(paths.first().map_or(Path::new("."), |p| p), &cwd);
            config::discover(&start).ok().flatten()
        }
    };
    let dir = cache_dir(args.cache_dir.as_deref(), &paths, loaded.as_ref());
    let shown = report::sanitize(&dir.to_string_lossy());
    match std::fs::symlink_metadata(&dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            println!("No cache at {shown}: nothing to remove.");
            return ExitCode::SUCCESS;
        }
        Err(e) => return super::fail(&format!("{shown}: {e}")),
        Ok(meta) if !meta.is_dir() => {
            return super::fail(&format!(
                "{shown} is not a folder: not removed (not a ghosttax cache)"
            ));
        }
        Ok(_) => {}
    }
    // Only a folder ghosttax made (it writes a `.gitignore` first) is removed whole.
    if !dir.join(".gitignore").is_file() {
        return super::fail(&format!(
            "{shown} has no .gitignore written by ghosttax: not removed (not a ghosttax cache?)"
        ));
    }
    let (files, bytes) = size_of(&dir);
    match std::fs::remove_dir_all(&dir) {
        Ok(()) => {
            println!(
                "Removed {shown} ({}, {}).",
                ghosttax::tax::plural(files, "file", "files"),
                ghosttax::tax::format_bytes(bytes)
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(&format!("cannot remove {shown}: {e}")),
    }
}

/// Files and bytes under `dir`.
fn size_of(dir: &Path) -> (usize, u64) {
    let mut files = 0;
    let mut bytes = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(_) => {
                    files += 1;
                    bytes += e.metadata().map_or(0, |m| m.len());
                }
                Err(_) => {}
            }
        }
    }
    (files, bytes)
}
