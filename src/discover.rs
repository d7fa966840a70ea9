//! Finding the files to check: explicit file arguments always, directories through the
//! `ignore` walker (.gitignore, .ignore, hidden files), in parallel.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;

use ignore::{WalkBuilder, WalkState};

use crate::model::Language;

/// A file to check, with the path as the user will see it.
#[derive(Clone)]
pub struct Candidate {
    pub path: PathBuf,
    pub display: String,
    pub language: Language,
    /// How many trailing components of the path lie inside the directory the user named
    /// (`usize::MAX` for a file named itself): conventions such as a `tests/` folder are
    /// read from those only, so checking a project that sits under `~/tests/` still works.
    pub depth: usize,
}

/// A problem with a path, and whether the user named that path on the command line.
pub struct PathError {
    pub message: String,
    pub explicit: bool,
}

pub fn language_of(path: &Path) -> Option<Language> {
    let ext = path.extension()?.to_str()?;
    Language::from_extension(&ext.to_ascii_lowercase())
}

/// Every format shows a path as `train.py`, never `./train.py`, however it was named.
fn display(path: &Path) -> String {
    crate::platform::shown(path, true)
}

/// Glob exclusions from the configuration.
#[derive(Clone, Copy)]
pub struct Exclude<'a> {
    pub globs: Option<&'a globset::GlobSet>,
    /// Also exclude files named on the command line.
    pub force: bool,
}

impl Exclude<'_> {
    fn excludes(&self, path: &Path) -> bool {
        let Some(globs) = self.globs else {
            return false;
        };
        let shown = path.to_string_lossy();
        let rel = crate::platform::slashed(&shown);
        globs.is_match(rel.as_ref())
            || path
                .file_name()
                .is_some_and(|n| globs.is_match(Path::new(n)))
    }
}

/// A walker thread's handler for the files it finds; `false` stops the walk.
pub type Visitor<'a> = Box<dyn FnMut(Candidate) -> bool + Send + 'a>;

/// Hand every file to check under `roots` to a visitor: explicit files first, then what
/// the parallel walker finds (on `threads` threads, each with a visitor of its own from
/// `visitor`). Returns when discovery is complete.
pub fn walk<'a>(
    roots: &[PathBuf],
    threads: usize,
    exclude: Exclude,
    errors: &Sender<PathError>,
    visitor: &(dyn Fn() -> Visitor<'a> + Sync),
) {
    let mut explicit = visitor();
    let mut dirs = Vec::new();
    for root in roots {
        match std::fs::metadata(root) {
            Err(e) => {
                let _ = errors.send(PathError {
                    message: format!("{}: {}", root.display(), io_reason(&e)),
                    explicit: true,
                });
            }
            Ok(meta) if meta.is_dir() => dirs.push(root.clone()),
            // Explicit files are checked whatever ignore files say: pre-commit passes file names.
            Ok(meta) if meta.is_file() => {
                if exclude.force && exclude.excludes(root) {
                    continue;
                }
                if let Some(language) = language_of(root) {
                    explicit(Candidate {
                        display: display(root),
                        path: root.clone(),
                        language,
                        depth: usize::MAX,
                    });
                }
            }
            Ok(_) => {
                let _ = errors.send(PathError {
                    message: format!(
                        "{}: not a regular file or directory (FIFOs and devices are never read)",
                        root.display()
                    ),
                    explicit: true,
                });
            }
        }
    }
    drop(explicit);
    let Some((first, rest)) = dirs.split_first() else {
        return;
    };
    let mut builder = WalkBuilder::new(first);
    for d in rest {
        builder.add(d);
    }
    builder
        .threads(threads)
        .require_git(false)
        .follow_links(false);
    if let Some(globs) = exclude.globs.cloned() {
        let force = exclude.force;
        builder.filter_entry(move |e| {
            let rule = Exclude {
                globs: Some(&globs),
                force,
            };
            e.depth() == 0 || !rule.excludes(e.path())
        });
    }
    builder.build_parallel().run(|| {
        let mut visit = visitor();
        let errors = errors.clone();
        Box::new(move |entry| {
            match entry {
                Ok(entry) => {
                    let is_file = entry.file_type().is_some_and(|t| t.is_file());
                    if let (true, Some(language)) = (is_file, language_of(entry.path())) {
                        let candidate = Candidate {
                            display: display(entry.path()),
                            depth: entry.depth(),
                            path: entry.into_path(),
                            language,
                        };
                        if !visit(candidate) {
                            return WalkState::Quit;
                        }
                    }
                }
                Err(e) => {
                    let _ = errors.send(PathError {
                        message: walk_error(&e),
                        explicit: false,
                    });
                }
            }
            WalkState::Continue
        })
    });
}

/// The project a folder belongs to, canonical: the git work tree around it, else the
/// nearest folder above it with a `ghosttax.toml`, `.ghosttax.toml` or `pyproject.toml`
/// (where ruff finds a project's root too).
pub fn project_root(dir: &Path) -> Option<PathBuf> {
    if let Ok(top) = crate::git::toplevel(dir) {
        return Some(top);
    }
    let dir = dir.canonicalize().ok()?;
    dir.ancestors()
        .find(|d| {
            ["ghosttax.toml", ".ghosttax.toml", "pyproject.toml"]
                .iter()
                .any(|m| d.join(m).is_file())
        })
        .map(Path::to_path_buf)
}

/// Files that make a folder a project's root when it lies in no git work tree and has no
/// configuration file (`project_root`): build files of the languages ghosttax reads.
const BUILD_FILES: [&str; 6] = [
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "Cargo.toml",
    "CMakeLists.txt",
    "meson.build",
];

/// The paths named on the command line, grouped by the project each lies in, in the order
/// given: `project_root`, else the outermost folder of an unbroken run of folders with a
/// build file around it (a CMake subdirectory belongs to the project above it). Paths in no
/// project share one group, as do paths of which one lies inside another. Separate
/// projects are analysed one after another: a name defined in one never stands for a
/// function of another, and a run holds one project's models at a time.
pub fn independent_projects(paths: &[PathBuf]) -> Vec<Vec<PathBuf>> {
    if paths.len() < 2 {
        return vec![paths.to_vec()];
    }
    let mut root_of: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
    let keyed: Vec<(Option<PathBuf>, Option<PathBuf>)> = paths
        .iter()
        .map(|p| {
            let Ok(real) = p.canonicalize() else {
                return (None, None);
            };
            let folder = if real.is_dir() {
                real.clone()
            } else {
                real.parent().map(Path::to_path_buf).unwrap_or_default()
            };
            let root = root_of
                .entry(folder.clone())
                .or_insert_with(|| project_root(&folder).or_else(|| build_root(&folder)))
                .clone();
            (Some(real), root)
        })
        .collect();
    // One group per root; a path inside another path joins that path's group.
    let mut group: Vec<usize> = (0..paths.len()).collect();
    for i in 0..paths.len() {
        for j in 0..i {
            let same_root = keyed[i].1 == keyed[j].1;
            let nested = match (&keyed[i].0, &keyed[j].0) {
                (Some(a), Some(b)) => a.starts_with(b) || b.starts_with(a),
                _ => false,
            };
            if same_root || nested {
                let (from, to) = (group[i], group[j]);
                for g in group.iter_mut().filter(|g| **g == from) {
                    *g = to;
                }
            }
        }
    }
    let mut order: Vec<usize> = Vec::new();
    for &g in &group {
        if !order.contains(&g) {
            order.push(g);
        }
    }
    order
        .into_iter()
        .map(|g| {
            paths
                .iter()
                .zip(&group)
                .filter(|(_, h)| **h == g)
                .map(|(p, _)| p.clone())
                .collect()
        })
        .collect()
}

/// The outermost folder of the unbroken run of folders with a build file that `dir` lies
/// in, if it lies in one.
fn build_root(dir: &Path) -> Option<PathBuf> {
    let has_build_file = |d: &Path| BUILD_FILES.iter().any(|f| d.join(f).is_file());
    dir.ancestors()
        .skip_while(|d| !has_build_file(d))
        .take_while(|d| has_build_file(d))
        .last()
        .map(Path::to_path_buf)
}

pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

fn walk_error(e: &ignore::Error) -> String {
    match e {
        ignore::Error::WithPath { path, err } => format!("{}: {}", path.display(), walk_error(err)),
        ignore::Error::WithDepth { err, .. } => walk_error(err),
        ignore::Error::Io(io) => io_reason(io),
        other => other.to_string(),
    }
}

/// Source text as the front ends see it: invalid UTF-8 is replaced, never rejected.
pub fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Read a regular file, or `None` when it is larger than `limit`.
pub fn read_limited(c: &Candidate, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    Ok(read_into(c, limit, &mut bytes)?.then_some(bytes))
}

/// Read a regular file into `bytes`; `false` when it is larger than `limit`. The size is
/// checked on the open handle and the read is capped, so a file that grows meanwhile
/// cannot blow up.
pub fn read_into(c: &Candidate, limit: u64, bytes: &mut Vec<u8>) -> std::io::Result<bool> {
    bytes.clear();
    let file = std::fs::File::open(&c.path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other(
            "not a regular file (FIFOs and devices are never read)",
        ));
    }
    if meta.len() > limit {
        return Ok(false);
    }
    bytes.reserve(meta.len() as usize);
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), bytes)?;
    Ok(bytes.len() as u64 <= limit)
}
