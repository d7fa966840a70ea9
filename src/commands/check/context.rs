//! `check`'s cross-file context: files named on the command line (as pre-commit passes them)
//! are checked with the rest of their project around them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ghosttax::engine;

/// Files named on the command line checked with the rest of their repository around them:
/// the run walks `paths` (the repository, and any named file outside it), and only findings
/// on the named files are kept, under the names the user gave.
pub struct Context {
    pub paths: Vec<PathBuf>,
    /// Canonical path of each named file → the name as given.
    named: HashMap<PathBuf, String>,
}

impl Context {
    /// The context for `paths`, when every one is a file: the project each lies in (`dir`
    /// if given, else its git work tree or the folder of its `pyproject.toml` or ghosttax
    /// configuration), walked whole as `check .` would. Also how many of the files lie in
    /// no project (those are walked alone).
    pub fn of(paths: &[PathBuf], dir: Option<&Path>) -> (Option<Context>, usize) {
        if paths.is_empty() || !paths.iter().all(|p| p.is_file()) {
            return (None, 0);
        }
        let Ok(cwd) = std::env::current_dir() else {
            return (None, 0);
        };
        let given = match dir {
            Some(d) => match d.canonicalize() {
                Ok(d) => Some(d),
                Err(_) => return (None, 0),
            },
            None => None,
        };
        // One project lookup (a git call) per folder of named files.
        let mut root_of: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
        let mut roots: Vec<PathBuf> = Vec::new();
        let mut alone = Vec::new();
        let mut rootless = 0;
        let mut named = HashMap::new();
        for p in paths {
            let Ok(real) = p.canonicalize() else {
                return (None, 0);
            };
            let folder = real.parent().map(Path::to_path_buf).unwrap_or_default();
            let root = match &given {
                Some(d) => real.starts_with(d).then(|| d.clone()),
                None => root_of
                    .entry(folder.clone())
                    .or_insert_with(|| ghosttax::discover::project_root(&folder))
                    .clone(),
            };
            match root {
                Some(r) => {
                    if !roots.contains(&r) {
                        roots.push(r);
                    }
                }
                None => {
                    alone.push(p.clone());
                    rootless += usize::from(given.is_none());
                }
            }
            named.insert(real, ghosttax::platform::shown(p, true));
        }
        if roots.is_empty() {
            return (None, rootless);
        }
        // A project inside another is walked with it.
        let outer: Vec<PathBuf> = roots
            .iter()
            .filter(|r| !roots.iter().any(|o| o != *r && r.starts_with(o)))
            .cloned()
            .collect();
        let mut walk: Vec<PathBuf> = outer.iter().map(|r| relative_to(r, &cwd)).collect();
        walk.extend(alone);
        (Some(Context { paths: walk, named }), rootless)
    }

    /// Keep the findings that involve a named file (the site, or a loop or call of its
    /// chain: a staged loop that now calls an unchanged pinning helper), under the names
    /// given.
    pub fn keep_named(&self, outcome: &mut engine::Outcome) {
        let mut real_of: HashMap<String, Option<String>> = HashMap::new();
        let mut name_of = |path: &str| -> Option<String> {
            real_of
                .entry(path.to_string())
                .or_insert_with(|| {
                    let real = Path::new(path).canonicalize().ok()?;
                    self.named.get(&real).cloned()
                })
                .clone()
        };
        let sources = &mut outcome.sources;
        outcome.findings.retain_mut(|f| {
            let mut involved = false;
            if let Some(name) = name_of(&f.path) {
                if let Some(text) = sources.get(&f.path).cloned() {
                    sources.insert(name.clone(), text);
                }
                f.path = name;
                involved = true;
            }
            for l in &mut f.labels {
                if let Some(name) = name_of(&l.path) {
                    if let Some(text) = sources.get(&l.path).cloned() {
                        sources.insert(name.clone(), text);
                    }
                    l.path = name;
                    involved = true;
                }
            }
            involved
        });
        outcome
            .findings
            .sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
    }
}

/// `root` as a path from `cwd` (`.`, `../..`, `proj`), or absolute when it is neither
/// above nor below `cwd`.
fn relative_to(root: &Path, cwd: &Path) -> PathBuf {
    let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
    if let Ok(below) = root.strip_prefix(&cwd)
        && !below.as_os_str().is_empty()
    {
        return below.to_path_buf();
    }
    match cwd.strip_prefix(root) {
        Ok(below) => {
            let up = below.components().count();
            if up == 0 {
                PathBuf::from(".")
            } else {
                (0..up).map(|_| "..").collect()
            }
        }
        Err(_) => root.to_path_buf(),
    }
}
