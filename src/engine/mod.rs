//! The pipeline for one run, a stage a file:
//!
//! discover (`crate::discover`) → scan (read, prefilter, identifiers) → parse (the items
//! that matter) → link (call chains across files) → analyse (whole-run rules, positions)
//! → suppress.
//!
//! Scan and parse overlap: the walker's threads read and filter while the pool parses.

mod analyse;
mod link;
mod parse;
mod scan;
mod suppress;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use globset::{GlobMatcher, GlobSet};

use crate::analysis::names::LiveNames;
use crate::analysis::view::Settings;
use crate::catalog::Catalog;
use crate::discover::PathError;
use crate::finding::{Finding, Severity};
use crate::scan::prefilter::Prefilter;
use parse::FileResult;

/// Stack reserved per analysis thread (virtual memory; pages are touched only when used).
const WORKER_STACK: usize = 256 << 20;

#[derive(Clone)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    /// The paths were defaulted to `.`: show `a/b.py`, not `./a/b.py`.
    pub strip_dot: bool,
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
struct Run<'a> {
    opts: &'a Options,
    catalog: &'a Catalog,
    /// The catalog's names (built once per run).
    prefilter: Prefilter,
    /// Call chains are followed (a selected rule needs to know how often a site runs).
    chains: bool,
    /// The chain names found so far.
    live: LiveNames,
    pool: Option<rayon::ThreadPool>,
    progress: indicatif::ProgressBar,
    /// The pinning calls (allocations and registrations) of the files parsed so far.
    pinning_calls: std::sync::atomic::AtomicUsize,
}

impl<'a> Run<'a> {
    fn new(opts: &'a Options, catalog: &'a Catalog) -> Run<'a> {
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
        }
    }

    /// Run `f` on the analysis pool.
    fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(p) => p.install(f),
            None => f(),
        }
    }

    /// One file done: the progress line counts it and the pinning calls it holds. Not
    /// findings: which calls become findings, and how many (two rules may flag one call, a
    /// call chain may make one elsewhere), is known only once the whole run has been
    /// analysed, suppressed and compared with a baseline, and the summary counts those.
    fn tick(&self, r: &FileResult) {
        self.progress.inc(1);
        if let FileResult::Parsed(p) = r {
            let pins = p.model.events.iter().filter(|e| e.kind.pins()).count();
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
fn progress_message(pinning_calls: usize) -> String {
    format!(
        "{} seen",
        crate::report::plural(pinning_calls, "pinning call", "pinning calls")
    )
}

pub fn run(opts: &Options, catalog: &Catalog) -> Outcome {
    let mut outcome = Outcome {
        vram: opts.settings.vram,
        vram_share: opts.settings.vram_share,
        ..Outcome::default()
    };
    let run = Run::new(opts, catalog);
    let (parsed, waiting) = scan::first_pass(&run, &mut outcome);
    let parsed = link::chain_passes(&run, parsed, waiting, &mut outcome);
    run.progress.finish_and_clear();
    let (findings, suppressions) = analyse::project(&run, parsed, &mut outcome);
    let mut findings = suppress::apply(findings, suppressions, opts);
    findings.sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
    outcome.findings = findings;
    outcome.skipped.sort();
    outcome.notes.sort();
    // A file parsed in parts may say the same of each part.
    outcome.notes.dedup();
    outcome.errors.sort_by(|a, b| a.message.cmp(&b.message));
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    pub(super) fn options() -> Options {
        Options {
            paths: Vec::new(),
            strip_dot: false,
            settings: Settings::default(),
            selected: rules::ALL.iter().map(|r| r.code).collect(),
            threads: 1,
            max_file_size: 10 << 20,
            keep_source: false,
            exclude: None,
            force_exclude: false,
            per_file_ignores: Vec::new(),
            severities: HashMap::new(),
            progress: false,
            whole_files: false,
        }
    }

    /// The progress line counts the run's pinning calls, the sites `--select GT100` lists,
    /// and says so; the summary counts findings, which differ: here two rules flag one call,
    /// and a suppressed call and a set-up call are reported by none.
    #[test]
    fn the_progress_line_counts_pinning_calls_and_says_so() {
        let dir = tempfile::tempdir().expect("tempdir");
        let files = [
            (
                "a.cu",
                "void stage() {\n    for (int i = 0; i < 100; ++i) {\n        float* h;\n        cudaMallocHost(&h, 1 << 20);\n    }\n}\n",
            ),
            (
                "b.py",
                "import torch\nclass Pool:\n    def __init__(self):\n        self.buf = torch.empty(1 << 20, pin_memory=True)\n",
            ),
            (
                "c.py",
                "import torch\nfor b in range(10):\n    x = torch.empty(1 << 20, pin_memory=True)  # ghosttax: ignore[GT101]\n",
            ),
            ("d.py", "x = 1\n"),
        ];
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).expect("write");
        }
        let catalog = Catalog::builtin();
        let with = |selected: HashSet<&'static str>| Options {
            paths: vec![dir.path().to_path_buf()],
            selected,
            ..options()
        };
        let defaults = with(
            rules::ALL
                .iter()
                .filter(|r| r.default_enabled)
                .map(|r| r.code)
                .collect(),
        );

        // The count the progress line shows at the end of the scan.
        let counted = Run::new(&defaults, &catalog);
        let mut outcome = Outcome::default();
        let (parsed, waiting) = scan::first_pass(&counted, &mut outcome);
        let _ = link::chain_passes(&counted, parsed, waiting, &mut outcome);
        let calls = counted
            .pinning_calls
            .load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(calls, 3);
        assert_eq!(progress_message(calls), "3 pinning calls seen");
        assert_eq!(progress_message(1), "1 pinning call seen");

        let inventory = run(&with(HashSet::from(["GT100"])), &catalog);
        assert_eq!(inventory.findings.len(), calls);
        let found: Vec<String> = run(&defaults, &catalog)
            .findings
            .iter()
            .map(|f| format!("{} {}:{}", f.rule, f.start.line, f.start.column))
            .collect();
        assert_eq!(found, ["GT101 4:9", "GT305 4:9"]);
    }

    /// Parsing only the items that matter finds exactly what parsing whole files finds,
    /// on every fixture, with every rule enabled.
    #[test]
    fn lazy_and_whole_parses_agree_on_the_fixtures() {
        let catalog = Catalog::builtin();
        let run_with = |whole_files: bool| {
            let opts = Options {
                paths: vec![PathBuf::from(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/fixtures"
                ))],
                whole_files,
                ..options()
            };
            let outcome = run(&opts, &catalog);
            assert!(outcome.errors.is_empty());
            outcome
                .findings
                .iter()
                .map(|f| {
                    let labels: Vec<String> = f
                        .labels
                        .iter()
                        .map(|l| {
                            format!(
                                "{}:{}:{} {}",
                                l.path, l.start.line, l.start.column, l.message
                            )
                        })
                        .collect();
                    format!(
                        "{} {}:{}:{} {} {:?}",
                        f.rule, f.path, f.start.line, f.start.column, f.message, labels
                    )
                })
                .collect::<Vec<String>>()
        };
        let lazy = run_with(false);
        let whole = run_with(true);
        assert!(lazy.len() > 100, "the fixtures have findings");
        for (l, w) in lazy.iter().zip(&whole) {
            assert_eq!(l, w);
        }
        assert_eq!(lazy.len(), whole.len());
    }
}
