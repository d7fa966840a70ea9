//! What one run shares across its stages: the options it was given (`Options`), its
//! thread pool, chain names and progress line (`Run`), and what it found (`Outcome`).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use globset::{GlobMatcher, GlobSet};

use crate::analysis::names::LiveNames;
use crate::analysis::view::Settings;
use crate::catalog::Catalog;
use crate::discover::PathError;
use crate::finding::{Finding, Severity};
use crate::model::FileModel;
use crate::scan::prefilter::Prefilter;

/// Stack reserved per analysis thread (virtual memory; pages are touched only when used).
const WORKER_STACK: usize = 256 << 20;

#[derive(Clone)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub settings: Settings,
    /// The enabled rule codes.
    pub selected: HashSet<&'static str>,
    pub threads: usize,
    pub max_file_size: u64,
    /// Keep the text of files with findings (the terminal reporter shows snippets).
    pub keep_source: bool,
    /// Paths (relative, as shown) not to walk into; with `force_exclude`, not to check even
    /// when named on the command line.
    pub exclude: Option<GlobSet>,
    pub force_exclude: bool,
    /// `per-file-ignores`: paths matching a glob drop these codes.
    pub per_file_ignores: Vec<(GlobMatcher, Vec<&'static str>)>,
    /// Severity overrides per code.
    pub severities: HashMap<&'static str, Severity>,
    /// Show a progress line on stderr (a terminal, a human format, not `--quiet`).
    pub progress: bool,
    /// Parse candidate files whole instead of only the items that matter (slower; the
    /// reference the lazy parse is tested against).
    pub whole_files: bool,
    /// `--trace FILE`: what a run of the program measured, joined to the findings.
    pub trace: Option<std::sync::Arc<crate::tracefile::Trace>>,
    /// The persistent cache (`None`: `--no-cache`).
    pub cache: Option<CacheConfig>,
}

/// Where a run keeps its persistent cache (`engine::cache`), and what it may keep.
#[derive(Clone, Debug)]
pub struct CacheConfig {
    pub dir: PathBuf,
    /// Keep and use the whole run's outcome (off for a run over a temporary copy, such as
    /// `--diff-base`'s base tree).
    pub whole_run: bool,
}

/// What the cache did in a run, for `--verbose`.
#[derive(Clone, Debug, Default)]
pub struct CacheReport {
    pub lines: Vec<String>,
}

/// One parse to build: a file's text and identifiers, and what to parse of it.
pub(super) struct Call<'a> {
    pub(super) lang: crate::model::Language,
    pub(super) text: &'a str,
    pub(super) idents: &'a crate::scan::idents::Idents,
    /// Parse the whole file (`--whole-files`).
    pub(super) whole: bool,
    /// The file's items with those parsed before, if any part of it was.
    pub(super) plan: Option<&'a crate::frontend::items::Plan>,
    pub(super) hot: crate::frontend::Wanted<'a>,
    /// Names known elsewhere, to a generation.
    pub(super) seed: Option<(&'a dyn crate::frontend::KnownNames, usize)>,
}

impl Call<'_> {
    pub(super) fn seed(&self) -> crate::frontend::Seed<'_> {
        match self.seed {
            Some((set, upto)) => crate::frontend::Seed::new(set, upto),
            None => crate::frontend::Seed::NONE,
        }
    }
}

/// What a parse built.
pub(super) struct Built {
    pub(super) model: FileModel,
    /// The items, with those parsed now marked; `None` for a whole-file parse.
    pub(super) plan: Option<crate::frontend::items::Plan>,
    pub(super) parsed_any: bool,
}

/// What the stages hand the persistent cache (`engine::cache` implements it): parses to
/// build through its memo, and what the run read, for its digest.
pub(super) trait Memo: Sync {
    /// Build `call`'s parse, from the memo when it holds one that replays.
    fn parse(
        &self,
        call: &Call,
        catalog: &Catalog,
        parsers: &mut crate::frontend::Parsers,
    ) -> Result<Built, String>;
    /// A file the scan read, and what reading it gave.
    fn read(&self, record: FileRecord);
    /// The walk's errors.
    fn walk_errors(&self, errors: &[PathError]);
    /// A path the header search looked at.
    fn probed(&self, probe: Probe);
}

/// What reading a file gave: its bytes' SHA-256, or why it was not checked.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Tag {
    Read([u8; 32]),
    Skipped(String),
    Failed(String),
}

/// A file the walk found, and what reading it gave.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct FileRecord {
    pub(super) display: String,
    pub(super) path: PathBuf,
    pub(super) language: crate::model::Language,
    pub(super) depth: usize,
    pub(super) tag: Tag,
}

/// A path looked at for a quoted `#include`: whether it was a file, and if so what reading
/// it gave (`None`: too large or unreadable; else its bytes' SHA-256).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub(super) struct Probe {
    pub(super) path: String,
    pub(super) found: Option<Option<[u8; 32]>>,
}

#[derive(Default)]
pub struct Outcome {
    /// Every finding, sorted by path, line, column and rule.
    pub findings: Vec<Finding>,
    /// The text of every file a finding or label points into (only with `keep_source`).
    pub sources: HashMap<String, String>,
    pub files_checked: usize,
    /// Files that were found but not checked (too large, binary), with why.
    pub skipped: Vec<String>,
    /// Remarks about checked files (partly analysed).
    pub notes: Vec<String>,
    pub errors: Vec<PathError>,
    /// The card's memory, when configured: totals are also given as a share of it.
    pub vram: Option<u64>,
    /// With `vram`: the share of the card at which a site is marked.
    pub vram_share: f64,
    /// With `--diff-base`: what the findings were compared with.
    pub compared: Option<Compared>,
    /// A trace was joined to the findings (`--trace`).
    pub traced: bool,
    /// What the cache did (for `--verbose`); `None` without one.
    pub cache: Option<CacheReport>,
}

/// `--diff-base REV`: the revision, and how many findings it already had (not shown).
#[derive(Clone, Debug)]
pub struct Compared {
    pub rev: String,
    pub hidden: usize,
}

impl Outcome {
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter()
    }
}

/// What every stage of one run shares.
pub(super) struct Run<'a> {
    pub(super) opts: &'a Options,
    pub(super) catalog: &'a Catalog,
    /// The catalog's names (built once per run).
    pub(super) prefilter: Prefilter,
    /// Call chains are followed (a selected rule needs to know how often a site runs).
    pub(super) chains: bool,
    /// The chain names found so far.
    pub(super) live: LiveNames,
    pub(super) pool: Option<rayon::ThreadPool>,
    pub(super) progress: indicatif::ProgressBar,
    /// The pinning calls (allocations and registrations) of the files parsed so far.
    pub(super) pinning_calls: std::sync::atomic::AtomicUsize,
    /// With a trace: every file checked (its sites are joined to them by path).
    pub(super) listed: Option<std::sync::Mutex<Vec<crate::discover::Candidate>>>,
    /// The persistent cache, when the run has one.
    pub(super) cache: Option<&'a dyn Memo>,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        opts: &'a Options,
        catalog: &'a Catalog,
        cache: Option<&'a dyn Memo>,
    ) -> Run<'a> {
        let progress = if opts.progress {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} {pos} files checked, {msg} [{elapsed}]",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.set_message(progress_message(0));
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        Run {
            opts,
            catalog,
            prefilter: Prefilter::new(catalog),
            chains: opts.selected.iter().any(|c| crate::rules::follows_calls(c)),
            live: LiveNames::default(),
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(opts.threads)
                .stack_size(WORKER_STACK)
                .build()
                .ok(),
            progress,
            pinning_calls: std::sync::atomic::AtomicUsize::new(0),
            listed: opts
                .trace
                .as_ref()
                .map(|_| std::sync::Mutex::new(Vec::new())),
            cache,
        }
    }

    /// Run `f` on the analysis pool.
    pub(super) fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(p) => p.install(f),
            None => f(),
        }
    }

    /// One file done: the progress line counts it and the pinning calls it holds. Not
    /// findings: which calls become findings, and how many (two rules may flag one call, a
    /// call chain may make one elsewhere), is known only once the whole run has been
    /// analysed, suppressed and compared with a baseline, and the summary counts those.
    pub(super) fn tick(&self, parsed: Option<&FileModel>) {
        self.progress.inc(1);
        if let Some(model) = parsed {
            let pins = model.events.iter().filter(|e| e.kind.pins()).count();
            if pins > 0 {
                let n = self
                    .pinning_calls
                    .fetch_add(pins, std::sync::atomic::Ordering::Relaxed)
                    + pins;
                self.progress.set_message(progress_message(n));
            }
        }
    }
}

/// The progress line's count, saying what it counts ("3 pinning calls seen"): the run's
/// pinning sites, as `--select GT100` lists them, not its findings.
pub(super) fn progress_message(pinning_calls: usize) -> String {
    format!(
        "{} seen",
        crate::tax::plural(pinning_calls, "pinning call", "pinning calls")
    )
}
