//! The pipeline for one run, a stage a file:
//!
//! discover (`crate::discover`) → scan (read, prefilter, identifiers) → parse (the items
//! that matter) → link (call chains across files) → analyse (whole-run rules, positions)
//! → measure (with a trace: join it to the findings, GT401) → suppress.
//!
//! Scan and parse overlap: the walker's threads read and filter while the pool parses.

mod analyse;
pub mod cache;
mod fold;
mod link;
mod measure;
mod parse;
mod scan;
mod state;
mod suppress;

use crate::catalog::Catalog;
use state::Run;
pub use state::{CacheConfig, CacheReport, Compared, Options, Outcome};

/// Run every stage over `opts.paths`, through the cache when `opts.cache` names one.
pub fn run(opts: &Options, catalog: &Catalog) -> Outcome {
    let Some(config) = &opts.cache else {
        return run_stages(opts, catalog, None);
    };
    let mut cache = match cache::RunCache::open(config, opts, catalog) {
        Ok(c) => c,
        Err(why) => {
            let mut outcome = run_stages(opts, catalog, None);
            outcome.cache = Some(CacheReport { lines: vec![why] });
            return outcome;
        }
    };
    if let Some(mut outcome) = cache.replay(opts) {
        outcome.cache = Some(CacheReport {
            lines: cache.finish_replayed(),
        });
        return outcome;
    }
    cache.load_parse_memo();
    let mut outcome = run_stages(opts, catalog, Some(&cache));
    let lines = cache.finish(&outcome, opts);
    outcome.cache = Some(CacheReport { lines });
    outcome
}

/// Every stage, in order.
fn run_stages(opts: &Options, catalog: &Catalog, cache: Option<&dyn state::Memo>) -> Outcome {
    let mut outcome = Outcome {
        vram: opts.settings.vram,
        vram_share: opts.settings.vram_share,
        ..Outcome::default()
    };
    // With a trace, every default rule and the inventory run whatever is selected: GT401
    // reports what none of them flags, and says what static analysis took a site for.
    let widened;
    let analysed = match &opts.trace {
        Some(_) => {
            let mut o = opts.clone();
            o.selected.extend(
                crate::rules::ALL
                    .iter()
                    .filter(|r| {
                        r.default_enabled || r.code == crate::rules::pinned_inventory::RULE.code
                    })
                    .map(|r| r.code),
            );
            widened = o;
            &widened
        }
        None => opts,
    };
    let mut run = Run::new(analysed, catalog, cache);
    let mut findings = Vec::new();
    let mut suppressions = analyse::Suppressions::default();
    // One project after another, each with names of its own.
    for paths in crate::discover::independent_projects(&analysed.paths) {
        run.live = Default::default();
        let (parsed, waiting) = scan::first_pass(&run, &paths, &mut outcome);
        let parsed = link::chain_passes(&run, parsed, waiting, &mut outcome);
        let (found, suppressed) = analyse::project(&run, parsed, &mut outcome);
        findings.extend(found);
        suppressions.extend(suppressed);
    }
    run.progress.finish_and_clear();
    if let Some(trace) = &opts.trace {
        measure::apply(&run, trace, &mut findings, &mut outcome);
        outcome.traced = true;
        findings.retain(|f| opts.selected.contains(f.rule));
    }
    let mut findings = fold::one_per_call(suppress::apply(findings, suppressions, opts));
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
    use std::collections::{HashMap, HashSet};
    use std::path::PathBuf;

    use super::state::progress_message;
    use super::*;
    use crate::analysis::view::Settings;
    use crate::rules;

    pub(super) fn options() -> Options {
        Options {
            paths: Vec::new(),
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
            trace: None,
            cache: None,
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
        let counted = Run::new(&defaults, &catalog, None);
        let mut outcome = Outcome::default();
        let (parsed, waiting) = scan::first_pass(&counted, &defaults.paths, &mut outcome);
        let _ = link::chain_passes(&counted, parsed, waiting, &mut outcome);
        let calls = counted
            .pinning_calls
            .load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(calls, 3);
        assert_eq!(progress_message(calls), "3 pinning calls seen");
        assert_eq!(progress_message(1), "1 pinning call seen");

        let inventory = run(&with(HashSet::from(["GT100"])), &catalog);
        assert_eq!(inventory.findings.len(), calls);
        let all = run(&defaults, &catalog).findings;
        let found: Vec<String> = all
            .iter()
            .map(|f| format!("{} {}:{}", f.rule, f.start.line, f.start.column))
            .collect();
        // (GT305 on the same call is a note of GT101's: one call, one finding.)
        assert_eq!(found, ["GT101 4:9"]);
        assert!(
            all[0].notes.iter().any(|n| n.starts_with("also GT305")),
            "{:?}",
            all[0].notes
        );
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
