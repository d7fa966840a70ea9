//! The pipeline for one run: discover → prefilter → front end → rules → findings.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::{Arc, mpsc};

use globset::{GlobMatcher, GlobSet};
use rayon::prelude::*;

use crate::catalog::Catalog;
use crate::discover::{self, Candidate, PathError};
use crate::finding::{Finding, Severity};
use crate::frontend::items::Plan;
use crate::frontend::{Extent, Lazy, Parsers, Wanted};
use crate::index::{IndexedFile, ProjectIndex};
use crate::model::{Expr, FileModel, Language, Span};
use crate::names::{self, FAMILIES, Idents, LiveNames, NameSet, Scan, Seed, family};
use crate::prefilter::Prefilter;
use crate::rules::unused_suppression;
use crate::rules::{self, Context, ProjectContext, Settings};
use crate::source::{LineIndex, Position};

/// Stack reserved per analysis thread (virtual memory; pages are touched only when used).
const WORKER_STACK: usize = 256 << 20;

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

/// A suppression comment, located.
struct LineSuppression {
    /// The line it silences; 0 for the whole file.
    target: usize,
    span: Span,
    start: Position,
    end: Position,
    codes: Vec<String>,
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
}

impl Outcome {
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter()
    }
}

/// What happened to one file.
enum FileResult {
    Parsed(Box<Parsed>),
    /// Read, but mentions nothing the prefilter looks for (yet).
    NotAdmitted(Waiting),
    Skipped(String),
    Failed(PathError),
}

/// A file a later call-chain pass may still parse (part of).
#[derive(Clone)]
struct Waiting {
    candidate: Candidate,
    /// Its items, when part of it has been parsed already; `None` when none has.
    plan: Option<Plan>,
    /// How many of its family's chain names it has been checked for (see `names`).
    generation: usize,
    /// The identifiers it mentions, when none of it has been parsed: a later pass reads it
    /// again only if they may include a newer name.
    idents: Option<Idents>,
    /// The constants of the parts already parsed: a later part's sizes and trip counts may
    /// use them.
    constants: HashMap<String, Expr>,
}

/// A file that mentions what a pass looks for, read, on its way to be parsed.
struct Admitted {
    waiting: Waiting,
    text: String,
    idents: Idents,
    /// The chain names known when it was read (their count is its generation).
    names: Option<Arc<NameSet>>,
    /// A chain name admitted it, not the catalog's names.
    by_name: bool,
}

struct Parsed {
    candidate: Candidate,
    /// Kept only when the file has findings of its own; otherwise dropped with the tree,
    /// and read again at the end if a call chain points into it.
    text: Option<String>,
    model: FileModel,
    /// The identifiers of the whole file.
    idents: Idents,
    /// The items not parsed yet, if any.
    plan: Option<Plan>,
    generation: usize,
    /// Per-file findings, positions not yet resolved.
    findings: Vec<Finding>,
    suppressions: Vec<LineSuppression>,
}

/// At most this many extra passes look for callers of pinning functions: enough for a
/// chain of three intermediate functions.
const CHAIN_PASSES: usize = 4;

pub fn run(opts: &Options, catalog: &Catalog) -> Outcome {
    let mut outcome = Outcome {
        vram: opts.settings.vram,
        ..Outcome::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .stack_size(WORKER_STACK)
        .build()
        .ok();
    let install = |f: &(dyn Fn() -> Vec<FileResult> + Sync)| match &pool {
        Some(p) => p.install(f),
        None => f(),
    };

    let progress = if opts.progress {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {pos} files checked, {msg} [{elapsed}]",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let found = std::sync::atomic::AtomicUsize::new(0);
    // Files checked and done with in the first pass, not listed for later ones.
    let unlisted = std::sync::atomic::AtomicUsize::new(0);
    let tick = |r: &FileResult| {
        progress.inc(1);
        if let FileResult::Parsed(p) = r
            && !p.findings.is_empty()
        {
            let n = found.fetch_add(p.findings.len(), std::sync::atomic::Ordering::Relaxed)
                + p.findings.len();
            progress.set_message(format!("{n} findings so far"));
        }
    };

    // Pass 1: every file, filtered by the catalog's names, and by the names of functions
    // found to pin so far (see `names`). The walker's threads read and filter (as ripgrep
    // does); only files that mention something go on to be parsed.
    let chains_needed = opts.selected.contains("GT201") || opts.selected.contains("GT202");
    let live = LiveNames::default();
    let prefilter = Prefilter::new(catalog);
    let (err_tx, err_rx) = mpsc::channel::<PathError>();
    let (done_tx, done_rx) = mpsc::channel::<FileResult>();
    // Bounded: discovery never runs far ahead of analysis, so memory follows the work in flight.
    let (text_tx, text_rx) = mpsc::sync_channel::<Admitted>(64);
    let text_rx = std::sync::Mutex::new(Some(text_rx));
    let results = std::thread::scope(|s| {
        s.spawn(|| {
            let exclude = discover::Exclude {
                globs: opts.exclude.as_ref(),
                force: opts.force_exclude,
            };
            let visitor = || {
                let mut buf = Vec::new();
                let mut scratch = Vec::new();
                let text_tx = text_tx.clone();
                let done_tx = done_tx.clone();
                let (prefilter, live, tick, unlisted) = (&prefilter, &live, &tick, &unlisted);
                let progress = &progress;
                Box::new(move |c: Candidate| {
                    let names = if chains_needed {
                        live.snapshot(family(c.language))
                    } else {
                        None
                    };
                    let generation = names.as_ref().map_or(0, |n| n.len());
                    // What admitted the file: the catalog (`Some(false)`), a chain name
                    // (`Some(true)`); the identifiers of one that names nothing yet.
                    let mut idents = None;
                    let admitted_by = read_checked(&c, opts, &mut buf).map(|()| {
                        let by_api = prefilter.admits(&buf);
                        if !chains_needed && !by_api {
                            return None;
                        }
                        let scan = Scan::of(&buf, c.language, &mut scratch);
                        // Every file's definitions count, whatever is parsed of it.
                        if chains_needed {
                            live.define(&scan.defines);
                        }
                        let by_name = !by_api
                            && names.as_ref().is_some_and(|n| {
                                n.may_mention(&scan.idents, 0)
                                    && n.mentioned_in(&buf, &scan.idents, 0, generation)
                            });
                        idents = Some(scan.idents);
                        (by_api || by_name).then_some(by_name)
                    });
                    let waiting = Waiting {
                        candidate: c,
                        plan: None,
                        generation,
                        idents: None,
                        constants: HashMap::new(),
                    };
                    let r = match admitted_by {
                        Ok(Some(by_name)) => {
                            let admitted = Admitted {
                                waiting,
                                text: decode(std::mem::take(&mut buf)),
                                idents: idents.unwrap_or_default(),
                                names,
                                by_name,
                            };
                            return text_tx.send(admitted).is_ok();
                        }
                        // Without call chains, a file that names nothing is done with.
                        Ok(None) if !chains_needed => {
                            unlisted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            progress.inc(1);
                            return true;
                        }
                        Ok(None) => FileResult::NotAdmitted(Waiting { idents, ..waiting }),
                        Err(r) => *r,
                    };
                    tick(&r);
                    done_tx.send(r).is_ok()
                }) as Box<dyn FnMut(Candidate) -> bool + Send + '_>
            };
            discover::walk(
                &opts.paths,
                opts.strip_dot,
                opts.threads,
                exclude,
                &err_tx,
                &visitor,
            );
            drop(text_tx);
        });
        install(&|| {
            let rx = text_rx.lock().ok().and_then(|mut r| r.take());
            rx.map(|rx| {
                rx.into_iter()
                    .par_bridge()
                    .map_init(Parsers::new, |parsers, a| {
                        let family = family(a.waiting.candidate.language);
                        let generation = a.waiting.generation;
                        let (hot, seed) = match a.names.as_deref() {
                            Some(set) if a.by_name => (
                                Wanted::Names {
                                    set,
                                    since: 0,
                                    upto: generation,
                                },
                                Seed::new(set, generation),
                            ),
                            Some(set) => (Wanted::Apis(&prefilter), Seed::new(set, generation)),
                            None => (Wanted::Apis(&prefilter), Seed::NONE),
                        };
                        let text = (a.text, a.idents);
                        let r = analyse(a.waiting, text, opts, catalog, hot, seed, parsers);
                        if let (FileResult::Parsed(p), true) = (&r, chains_needed) {
                            let chains = names::of_model(
                                &p.model,
                                &p.candidate.display,
                                p.candidate.language,
                            );
                            live.add(family, chains.into_keys(), false);
                        }
                        tick(&r);
                        r
                    })
                    .collect()
            })
            .unwrap_or_default()
        })
    });
    drop(done_tx);
    let mut results: Vec<FileResult> = results;
    results.extend(done_rx);
    drop(err_tx);
    outcome.errors.extend(err_rx);

    let mut parsed = Vec::new();
    let mut waiting = Vec::new();
    collect(results, &mut outcome, &mut parsed, &mut waiting, true);
    outcome.files_checked += unlisted.into_inner();

    // Later passes: files, and items of files, that mention a function found to pin (or
    // to call one that does) after they were read, so call chains can be followed across
    // files. Only files of a language that can call the function are read again, and only
    // for the newer names. No item is parsed twice.
    for _ in 0..CHAIN_PASSES * usize::from(chains_needed) {
        let mut all: [names::Depths; FAMILIES] = Default::default();
        for p in &parsed {
            let (path, lang) = (p.candidate.display.as_str(), p.candidate.language);
            names::merge(
                &mut all[family(lang)],
                names::of_model(&p.model, path, lang),
            );
        }
        for (f, names) in all.iter_mut().enumerate() {
            let models = parsed
                .iter()
                .filter(|p| family(p.candidate.language) == f)
                .map(|p| (&p.model, p.candidate.display.as_str(), p.candidate.language));
            names::callers(models, names);
            let mut sorted: Vec<names::ChainName> = std::mem::take(names).into_keys().collect();
            sorted.sort();
            live.add(f, sorted, true);
        }
        let sets: Vec<NameSet> = (0..FAMILIES).map(|f| live.all(f)).collect();
        let lens: Vec<usize> = sets.iter().map(NameSet::len).collect();
        let (pending, rest): (Vec<Waiting>, Vec<Waiting>) = std::mem::take(&mut waiting)
            .into_iter()
            .partition(|w| w.generation < lens[family(w.candidate.language)]);
        waiting = rest;
        if pending.is_empty() {
            break;
        }
        // `install` takes a shared closure: the list is taken out of a lock, not cloned.
        let pending = std::sync::Mutex::new(Some(pending));
        let results = install(&|| {
            let pending = pending.lock().ok().and_then(|mut p| p.take());
            pending
                .unwrap_or_default()
                .into_par_iter()
                .map_init(Worker::new, |worker, mut w| {
                    // Checked for the names it has not been checked for yet: read again
                    // only if its identifiers may include one.
                    let f = family(w.candidate.language);
                    let since = std::mem::replace(&mut w.generation, lens[f]);
                    if w.idents
                        .as_ref()
                        .is_some_and(|i| !sets[f].may_mention(i, since))
                    {
                        return FileResult::NotAdmitted(w);
                    }
                    let hot = Wanted::Names {
                        set: &sets[f],
                        since,
                        upto: lens[f],
                    };
                    let seed = Seed::new(&sets[f], lens[f]);
                    check_file(w, opts, catalog, hot, seed, worker)
                })
                .collect()
        });
        collect(results, &mut outcome, &mut parsed, &mut waiting, false);
    }
    drop(waiting);
    progress.finish_and_clear();

    // Only calls of functions (or constructors) defined somewhere in the run can be part of
    // a chain: drop the rest (library calls) before the index holds every model at once.
    let defined: HashSet<String> = parsed
        .iter()
        .flat_map(|p| {
            let functions = p.model.functions.iter().map(|f| f.name.clone());
            let classes = p.model.classes.iter().map(|c| c.name.clone());
            functions.chain(classes)
        })
        .collect();
    for p in &mut parsed {
        p.model.calls.retain(|c| defined.contains(&c.callee));
        p.model.calls.shrink_to_fit();
    }

    // The whole-run index, then the rules that need it.
    let mut per_file = Vec::new();
    let mut texts: HashMap<String, String> = HashMap::new();
    let mut suppressions: HashMap<String, (Language, Vec<LineSuppression>)> = HashMap::new();
    let files: Vec<IndexedFile> = parsed
        .into_iter()
        .map(|p| {
            per_file.push((p.candidate.display.clone(), p.findings));
            if !p.suppressions.is_empty() {
                // A file parsed in parts: each part's comments, each comment once.
                let (_, list) = suppressions
                    .entry(p.candidate.display.clone())
                    .or_insert_with(|| (p.candidate.language, Vec::new()));
                for s in p.suppressions {
                    if !list.iter().any(|k| k.span == s.span) {
                        list.push(s);
                    }
                }
            }
            if let Some(text) = p.text {
                texts.insert(p.candidate.display.clone(), text);
            }
            IndexedFile {
                idents: p.idents,
                stem: crate::index::stem(&p.candidate.display),
                path: p.candidate.display,
                real_path: p.candidate.path,
                language: p.candidate.language,
                model: p.model,
            }
        })
        .collect();
    let index = ProjectIndex::new(files, live.ambiguous());
    // A file parsed in parts has one entry per part; its own findings belong to the
    // first, the one its APIs were found in.
    let mut file_of: HashMap<&str, usize> = HashMap::new();
    for (i, f) in index.files.iter().enumerate() {
        file_of.entry(f.path.as_str()).or_insert(i);
    }
    let mut findings = Vec::new();
    for (path, mut fs) in per_file {
        let Some(&file) = file_of.get(path.as_str()) else {
            continue;
        };
        for f in &mut fs {
            f.file = file;
        }
        findings.extend(fs);
    }
    let (project, contexts) = rules::check_project(&ProjectContext {
        index: &index,
        catalog,
        settings: opts.settings,
        selected: &opts.selected,
    });
    findings.extend(project);
    for f in &mut findings {
        if let Some(c) = contexts.get(&(f.file, f.span.start)) {
            f.context = c;
        }
    }
    findings.retain(|f| opts.selected.contains(f.rule));
    let mut findings = locate(findings, &index, opts, texts, &mut outcome.sources);
    findings.retain(|f| {
        let path = f.path.trim_start_matches("./");
        !opts
            .per_file_ignores
            .iter()
            .any(|(glob, codes)| codes.contains(&f.rule) && glob.is_match(path))
    });
    let mut findings = suppress(findings, suppressions, opts);
    for f in &mut findings {
        if let Some(s) = opts.severities.get(f.rule) {
            f.severity = *s;
        }
    }
    findings.sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
    outcome.findings = findings;
    outcome.skipped.sort();
    outcome.notes.sort();
    // A file parsed in parts may say the same of each part.
    outcome.notes.dedup();
    outcome.errors.sort_by(|a, b| a.message.cmp(&b.message));
    outcome
}

/// Drop suppressed findings; report suppressions that silenced nothing (GT900).
fn suppress(
    findings: Vec<Finding>,
    mut suppressions: HashMap<String, (Language, Vec<LineSuppression>)>,
    opts: &Options,
) -> Vec<Finding> {
    // used[path][i] holds the codes suppression i silenced ("*" for any).
    let mut used: HashMap<String, Vec<HashSet<String>>> = suppressions
        .iter()
        .map(|(p, (_, s))| (p.clone(), vec![HashSet::new(); s.len()]))
        .collect();
    let mut kept = Vec::new();
    for f in findings {
        let hit = suppressions.get(&f.path).and_then(|(_, list)| {
            list.iter().enumerate().find_map(|(i, s)| {
                let on_line = s.target == 0 || s.target == f.start.line;
                let code = if s.codes.is_empty() {
                    Some("*".to_string())
                } else {
                    s.codes
                        .iter()
                        .find(|c| c.eq_ignore_ascii_case(f.rule))
                        .map(|c| c.to_ascii_uppercase())
                };
                on_line.then_some(code).flatten().map(|c| (i, c))
            })
        });
        match hit {
            Some((i, code)) => {
                if let Some(u) = used.get_mut(&f.path) {
                    u[i].insert(code);
                }
            }
            None => kept.push(f),
        }
    }
    if !opts.selected.contains(unused_suppression::RULE.code) {
        return kept;
    }
    let mut paths: Vec<String> = suppressions.keys().cloned().collect();
    paths.sort();
    for path in paths {
        let Some((language, list)) = suppressions.remove(&path) else {
            continue;
        };
        let used = used.remove(&path).unwrap_or_default();
        for (i, s) in list.into_iter().enumerate() {
            let silenced = used.get(i).cloned().unwrap_or_default();
            let mut report = |code: Option<&str>, known: bool| {
                let mut f =
                    unused_suppression::finding(language, s.span, s.start, s.end, code, known);
                f.path = path.clone();
                kept.push(f);
            };
            if s.codes.is_empty() {
                if silenced.is_empty() {
                    report(None, true);
                }
                continue;
            }
            for code in &s.codes {
                match crate::rules::find(code) {
                    None => report(Some(code), false),
                    Some(rule)
                        if opts.selected.contains(rule.code) && !silenced.contains(rule.code) =>
                    {
                        report(Some(rule.code), true)
                    }
                    Some(_) => {}
                }
            }
        }
    }
    kept
}

fn collect(
    results: Vec<FileResult>,
    outcome: &mut Outcome,
    parsed: &mut Vec<Parsed>,
    waiting: &mut Vec<Waiting>,
    first_pass: bool,
) {
    for r in results {
        match r {
            FileResult::Parsed(mut p) => {
                outcome.files_checked += usize::from(first_pass);
                if let Some(plan) = p.plan.take().filter(Plan::has_pending) {
                    waiting.push(Waiting {
                        candidate: p.candidate.clone(),
                        plan: Some(plan),
                        generation: p.generation,
                        idents: None,
                        constants: p.model.constants.clone(),
                    });
                }
                outcome.notes.extend(
                    p.model
                        .notes
                        .iter()
                        .map(|n| format!("{}: {n}", p.candidate.display)),
                );
                parsed.push(*p);
            }
            FileResult::NotAdmitted(w) => {
                outcome.files_checked += usize::from(first_pass);
                waiting.push(w);
            }
            FileResult::Skipped(why) => outcome.skipped.push(why),
            FileResult::Failed(e) => outcome.errors.push(e),
        }
    }
}

/// Resolve byte spans into paths, lines and columns; sort deterministically. Files whose
/// text was dropped are read again (lossily decoded as the first time).
fn locate(
    mut findings: Vec<Finding>,
    index: &ProjectIndex,
    opts: &Options,
    mut texts: HashMap<String, String>,
    sources: &mut HashMap<String, String>,
) -> Vec<Finding> {
    // Whole-run findings still need positions; the terminal needs every file's text.
    let unlocated = |line: usize| line == 0 || opts.keep_source;
    let mut needed: Vec<usize> = findings
        .iter()
        .flat_map(|f| {
            let own = unlocated(f.start.line).then_some(f.file);
            let labels = f
                .labels
                .iter()
                .filter(|l| unlocated(l.start.line))
                .map(|l| l.file.unwrap_or(f.file));
            own.into_iter().chain(labels)
        })
        .collect();
    needed.sort_unstable();
    needed.dedup();
    for &file in &needed {
        let f = &index.files[file];
        if !texts.contains_key(&f.path) {
            let c = Candidate {
                path: f.real_path.clone(),
                display: f.path.clone(),
                language: f.language,
            };
            let text = read_limited(&c, opts.max_file_size)
                .ok()
                .flatten()
                .map(decode)
                .unwrap_or_default();
            texts.insert(f.path.clone(), text);
        }
    }
    let lines: HashMap<&str, LineIndex> = texts
        .iter()
        .map(|(p, t)| (p.as_str(), LineIndex::new(t)))
        .collect();
    let position = |file: usize, offset: usize| {
        let path = index.files[file].path.as_str();
        match (texts.get(path), lines.get(path)) {
            (Some(text), Some(idx)) => idx.position(text, offset),
            _ => crate::source::Position { line: 1, column: 1 },
        }
    };
    for f in &mut findings {
        f.path = index.files[f.file].path.clone();
        if f.start.line == 0 {
            f.start = position(f.file, f.span.start);
            f.end = position(f.file, f.span.end);
            if let Some(text) = texts.get(&f.path) {
                f.snippet = snippet(text, f.span);
            }
        }
        for label in &mut f.labels {
            let file = label.file.unwrap_or(f.file);
            label.path = index.files[file].path.clone();
            if label.start.line == 0 {
                label.start = position(file, label.span.start);
            }
        }
        f.loop_line = f.labels.iter().find(|l| l.is_loop).map(|l| l.start.line);
    }
    drop(lines);
    if opts.keep_source {
        for file in needed {
            let path = &index.files[file].path;
            if let Some(text) = texts.remove(path) {
                sources.insert(path.clone(), text);
            }
        }
    }
    findings.sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
    findings
}

/// The flagged call's text without whitespace: what a baseline fingerprint remembers.
fn snippet(text: &str, span: Span) -> String {
    text.get(span.start..span.end)
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

/// File-level suppressions count only in the first lines of a file.
const FILE_SUPPRESSION_LINES: usize = 10;

fn locate_suppressions(
    list: &[crate::model::Suppression],
    text: &str,
    lines: &LineIndex,
) -> Vec<LineSuppression> {
    list.iter()
        .filter_map(|s| {
            let start = lines.position(text, s.span.start);
            let end = lines.position(text, s.span.end);
            let target = if s.file_level {
                if start.line > FILE_SUPPRESSION_LINES {
                    return None;
                }
                0
            } else if s.own_line {
                start.line + 1
            } else {
                start.line
            };
            Some(LineSuppression {
                target,
                span: s.span,
                start,
                end,
                codes: s.codes.clone(),
            })
        })
        .collect()
}

/// Source text as the front ends see it: invalid UTF-8 is replaced, never rejected.
fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// One analysis thread's reusable state.
struct Worker {
    parsers: Parsers,
    /// Every file is read into this buffer; only files that are parsed are copied out.
    buf: Vec<u8>,
    scratch: Vec<u32>,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            parsers: Parsers::new(),
            buf: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

/// Read a file and parse what of it matters: on its first parse, the items that mention
/// what `prefilter` looks for and its declarations; later, pending items only. `seed`
/// names functions known to pin elsewhere, whose callers are parsed too.
fn check_file(
    w: Waiting,
    opts: &Options,
    catalog: &Catalog,
    hot: Wanted,
    seed: Seed,
    worker: &mut Worker,
) -> FileResult {
    if let Err(r) = read_checked(&w.candidate, opts, &mut worker.buf) {
        return *r;
    }
    // (Its definitions were counted when it was first read.)
    let idents = match &w.idents {
        Some(i) => i.clone(),
        None => Scan::of(&worker.buf, w.candidate.language, &mut worker.scratch).idents,
    };
    if !hot.admits(&worker.buf, &idents) {
        return FileResult::NotAdmitted(w);
    }
    let text = decode(std::mem::take(&mut worker.buf));
    analyse(
        w,
        (text, idents),
        opts,
        catalog,
        hot,
        seed,
        &mut worker.parsers,
    )
}

/// Read a file into `buf`; what became of it when it cannot be checked.
fn read_checked(c: &Candidate, opts: &Options, buf: &mut Vec<u8>) -> Result<(), Box<FileResult>> {
    // A thread keeps its buffer unless a huge file grew it.
    if buf.capacity() > 4 << 20 {
        *buf = Vec::new();
    }
    match read_into(c, opts.max_file_size, buf) {
        Ok(true) => {}
        Ok(false) => {
            return Err(Box::new(FileResult::Skipped(format!(
                "{}: skipped, larger than --max-file-size ({} bytes)",
                c.display, opts.max_file_size
            ))));
        }
        Err(e) => {
            return Err(Box::new(FileResult::Failed(PathError {
                message: format!("{}: {}", c.display, discover::io_reason(&e)),
                explicit: false,
            })));
        }
    }
    if memchr::memchr(0, buf).is_some() {
        return Err(Box::new(FileResult::Skipped(format!(
            "{}: skipped, binary file (contains NUL bytes)",
            c.display
        ))));
    }
    Ok(())
}

/// Parse what matters of a file's text and check it.
fn analyse(
    w: Waiting,
    (text, idents): (String, Idents),
    opts: &Options,
    catalog: &Catalog,
    hot: Wanted,
    seed: Seed,
    parsers: &mut Parsers,
) -> FileResult {
    let c = w.candidate;
    let analysed = catch_unwind(AssertUnwindSafe(|| {
        // Test builds can force a panic in one file, to check that it is contained.
        #[cfg(debug_assertions)]
        if std::env::var_os("GHOSTTAX_TEST_PANIC_ON")
            .is_some_and(|v| c.display.contains(v.to_string_lossy().as_ref()))
        {
            panic!("forced by GHOSTTAX_TEST_PANIC_ON");
        }
        let mut extent = if opts.whole_files {
            Extent::Whole
        } else {
            let plan = w
                .plan
                .clone()
                .unwrap_or_else(|| Plan::new(&text, c.language));
            Extent::Lazy(Lazy {
                plan,
                hot,
                seed,
                idents: &idents,
                parsed_any: false,
            })
        };
        let mut model = parsers.build_extent(c.language, &text, catalog, &mut extent)?;
        for (name, value) in &w.constants {
            model
                .constants
                .entry(name.clone())
                .or_insert_with(|| value.clone());
        }
        let plan = match extent {
            Extent::Lazy(lazy) if !lazy.parsed_any => return Ok(None),
            Extent::Lazy(lazy) => Some(lazy.plan),
            Extent::Whole => None,
        };
        let ctx = Context::new(&model, catalog, opts.settings, c.language);
        let findings = rules::check(&ctx);
        Ok::<_, String>(Some((model, plan, findings)))
    }));
    match analysed {
        Ok(Ok(None)) => FileResult::NotAdmitted(Waiting {
            candidate: c,
            plan: w.plan,
            generation: w.generation,
            idents: w.idents,
            constants: w.constants,
        }),
        Ok(Ok(Some((model, plan, mut findings)))) => {
            // Locate per-file findings and suppressions now, so the text can go unless
            // snippets need it.
            let mut suppressions = Vec::new();
            if !findings.is_empty() || !model.suppressions.is_empty() {
                let lines = LineIndex::new(&text);
                for f in &mut findings {
                    f.start = lines.position(&text, f.span.start);
                    f.end = lines.position(&text, f.span.end);
                    f.snippet = snippet(&text, f.span);
                    for label in f.labels.iter_mut().filter(|l| l.file.is_none()) {
                        label.start = lines.position(&text, label.span.start);
                    }
                }
                suppressions = locate_suppressions(&model.suppressions, &text, &lines);
            }
            FileResult::Parsed(Box::new(Parsed {
                candidate: c,
                text: (opts.keep_source && !(findings.is_empty() && suppressions.is_empty()))
                    .then_some(text),
                model,
                idents,
                plan,
                generation: w.generation,
                findings,
                suppressions,
            }))
        }
        Ok(Err(e)) => FileResult::Failed(PathError {
            message: format!("{}: {e}", c.display),
            explicit: false,
        }),
        Err(_) => {
            // A parser may be left mid-parse; start the next file with fresh ones.
            *parsers = Parsers::new();
            FileResult::Failed(PathError {
                message: format!("{}: internal error, please report", c.display),
                explicit: true,
            })
        }
    }
}

/// Read a regular file, or `None` when it is larger than `limit`.
fn read_limited(c: &Candidate, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    Ok(read_into(c, limit, &mut bytes)?.then_some(bytes))
}

/// Read a regular file into `bytes`; `false` when it is larger than `limit`. The size is
/// checked on the open handle and the read is capped, so a file that grows meanwhile
/// cannot blow up.
fn read_into(c: &Candidate, limit: u64, bytes: &mut Vec<u8>) -> std::io::Result<bool> {
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
    file.take(limit + 1).read_to_end(bytes)?;
    Ok(bytes.len() as u64 <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
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

    /// A file that disappears between discovery and reading is one clear error, not a
    /// panic, and it does not stop the sweep (the caller keeps going with the next file).
    #[test]
    fn a_file_deleted_after_discovery_is_reported() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("gone.py");
        std::fs::write(&path, "x = t.pin_memory()\n").expect("write");
        let candidate = Candidate {
            path: path.clone(),
            display: "gone.py".into(),
            language: crate::model::Language::Python,
        };
        std::fs::remove_file(&path).expect("delete");
        let catalog = Catalog::builtin();
        let waiting = Waiting {
            candidate,
            plan: None,
            generation: 0,
            idents: None,
            constants: HashMap::new(),
        };
        let result = check_file(
            waiting,
            &options(),
            &catalog,
            Wanted::Apis(&Prefilter::new(&catalog)),
            Seed::NONE,
            &mut Worker::new(),
        );
        match result {
            FileResult::Failed(e) => {
                assert_eq!(e.message, "gone.py: no such file or directory");
                assert!(!e.explicit);
            }
            _ => panic!("expected a read error"),
        }
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
