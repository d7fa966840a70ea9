//! `--diff-base REV`: report only what a change introduced. The working tree is analysed
//! as usual; the merge base with `REV` is written to a temporary folder by git's own
//! plumbing (`read-tree` into a private index, `checkout-index`), analysed with the same
//! options, and a finding is old when a finding with the same fingerprint (rule, path,
//! enclosing function, call text; paths followed through the renames git reports) exists
//! there. Only the `git` binary is used, as pre-commit does: no object parsing here.

use std::collections::HashMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::engine::{self, Compared, Options};
use crate::finding::Finding;
use crate::git::run as git;

/// Keep the findings of `outcome` that are new relative to `rev`; record what was compared.
pub fn keep_new(
    outcome: &mut engine::Outcome,
    opts: &Options,
    catalog: &Catalog,
    rev: &str,
) -> Result<(), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("--diff-base: {e}"))?;
    let root = crate::git::toplevel(&cwd)
        .map_err(|e| format!("--diff-base needs a git work tree: {e}"))?;
    let base = git(&root, &["merge-base", rev, "HEAD"], &[])
        .or_else(|_| {
            git(
                &root,
                &["rev-parse", "--verify", &format!("{rev}^{{commit}}")],
                &[],
            )
        })
        .map_err(|e| format!("--diff-base: `{rev}` is not a revision of this repository: {e}"))?;
    let base = base.trim().to_string();

    // The base tree, written through a private index: the repository's own index and
    // work tree are never touched.
    let tmp = tempfile::tempdir().map_err(|e| format!("--diff-base: {e}"))?;
    let index = tmp.path().join("index");
    let tree = tmp.path().join("tree");
    let env = [("GIT_INDEX_FILE", index.as_os_str())];
    git(&root, &["read-tree", &base], &env)?;
    let prefix = format!("{}/", tree.display());
    git(
        &root,
        &["checkout-index", "-a", "-f", &format!("--prefix={prefix}")],
        &env,
    )?;
    let tree = tree
        .canonicalize()
        .map_err(|e| format!("--diff-base: {e}"))?;

    // Paths renamed since the base (`git diff -M` against the working tree).
    let renames: HashMap<String, String> =
        git(&root, &["diff", "--name-status", "-M", &base], &[])?
            .lines()
            .filter_map(|l| {
                let mut parts = l.split('\t');
                let status = parts.next()?;
                let (old, new) = (parts.next()?, parts.next()?);
                status
                    .starts_with('R')
                    .then(|| (old.to_string(), new.to_string()))
            })
            .collect();

    let mut base_opts = opts.clone();
    base_opts.paths = vec![tree.clone()];
    base_opts.progress = false;
    base_opts.keep_source = false;
    // The base tree is a temporary copy: its parses may be kept, not its whole run.
    if let Some(cache) = &mut base_opts.cache {
        cache.whole_run = false;
    }
    let before = engine::run(&base_opts, catalog);
    let mut budget: HashMap<String, usize> = HashMap::new();
    for f in &before.findings {
        let Some(rel) = relative(Path::new(&f.path), &tree) else {
            continue;
        };
        let rel = renames.get(&rel).cloned().unwrap_or(rel);
        *budget.entry(key(f, &rel)).or_default() += 1;
    }
    let total = outcome.findings.len();
    outcome.findings.retain(|f| {
        let Some(rel) = relative(Path::new(&f.path), &root) else {
            return true;
        };
        match budget.get_mut(&key(f, &rel)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        }
    });
    outcome.compared = Some(Compared {
        rev: rev.to_string(),
        hidden: total - outcome.findings.len(),
    });
    Ok(())
}

/// A finding's fingerprint with its path given relative to the repository.
fn key(f: &Finding, rel: &str) -> String {
    format!("{}\0{rel}\0{}\0{}", f.rule, f.function, f.snippet)
}

/// `path` relative to `root`, with `/` separators, when it is under it.
fn relative(path: &Path, root: &Path) -> Option<String> {
    let real = path.canonicalize().ok()?;
    let rel = real.strip_prefix(root).ok()?;
    Some(
        rel.components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
    )
}
