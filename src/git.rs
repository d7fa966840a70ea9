//! The `git` binary, as pre-commit already requires it: run a command, find a work tree.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Run git in `dir` (with extra environment); its stdout, or what it said on failure.
pub fn run(dir: &Path, args: &[&str], env: &[(&str, &OsStr)]) -> Result<String, String> {
    let mut cmd = Command::new("git");
    cmd.args(args).current_dir(dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd.output().map_err(|e| format!("cannot run git: {e}"))?;
    if !o.status.success() {
        let said = String::from_utf8_lossy(&o.stderr);
        return Err(format!("git {}: {}", args.join(" "), said.trim()));
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The top of the git work tree around `dir`, canonical.
pub fn toplevel(dir: &Path) -> Result<PathBuf, String> {
    let top = run(dir, &["rev-parse", "--show-toplevel"], &[])?;
    PathBuf::from(top.trim_end_matches(['\n', '\r']))
        .canonicalize()
        .map_err(|e| e.to_string())
}
