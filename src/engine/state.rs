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
    pub cache: Option<super::cache::CacheConfig>,
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
    pub cache: Option<super::cache::CacheReport>,
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
    pub(super) cache: Option<&'a super::cache::RunCache>,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        opts: &'a Options,
        catalog: &'a Catalog,
        cache: Option<&'a super::cache::RunCache>,
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

    /// The parse memo, when the run has a cache.
    pub(super) fn memo(&self) -> Option<&'a super::cache::ParseMemo> {
        self.cache.map(|c| &c.parse)
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
