//! The pipeline for one run: discover → prefilter → front end → rules → findings.

use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc;

use rayon::iter::{ParallelBridge, ParallelIterator};

use crate::catalog::Catalog;
use crate::discover::{self, Candidate, PathError};
use crate::finding::Finding;
use crate::frontend::Parsers;
use crate::prefilter::Prefilter;
use crate::rules::{self, Context};
use crate::source::LineIndex;
use crate::tax::Ratios;

/// Stack reserved per analysis thread (virtual memory; pages are touched only when used).
const WORKER_STACK: usize = 256 << 20;

pub struct Options {
    pub paths: Vec<PathBuf>,
    /// The paths were defaulted to `.`: show `a/b.py`, not `./a/b.py`.
    pub strip_dot: bool,
    pub ratios: Ratios,
    pub threads: usize,
    pub max_file_size: u64,
    /// Keep the text of files with findings (the terminal reporter shows snippets).
    pub keep_source: bool,
}

/// One checked file that produced findings, with its text for the terminal reporter
/// (empty unless `Options::keep_source`).
pub struct FileReport {
    pub path: String,
    pub source: String,
    pub findings: Vec<Finding>,
}

#[derive(Default)]
pub struct Outcome {
    /// Files with findings, sorted by path.
    pub files: Vec<FileReport>,
    pub files_checked: usize,
    /// Files that were found but not checked (too large, binary), with why.
    pub skipped: Vec<String>,
    /// Remarks about checked files (partly analysed).
    pub notes: Vec<String>,
    pub errors: Vec<PathError>,
}

impl Outcome {
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.files.iter().flat_map(|f| f.findings.iter())
    }
}

enum Message {
    Checked(Option<FileReport>),
    Skipped(String),
    Note(String),
    Failed(PathError),
}

pub fn run(opts: &Options, catalog: &Catalog) -> Outcome {
    let prefilter = Prefilter::new(catalog);
    let (tx, rx) = mpsc::channel::<Message>();
    let (err_tx, err_rx) = mpsc::channel::<PathError>();
    // Bounded: discovery never runs far ahead of analysis, so memory follows the work in flight.
    let (cand_tx, cand_rx) = mpsc::sync_channel::<Candidate>(1024);
    std::thread::scope(|s| {
        s.spawn(|| discover::walk(&opts.paths, opts.strip_dot, opts.threads, &err_tx, cand_tx));
        let analyse = || {
            cand_rx.into_iter().par_bridge().for_each_init(
                || (Parsers::new(), tx.clone()),
                |(parsers, tx), candidate| {
                    for msg in check_file(&candidate, opts, catalog, &prefilter, parsers) {
                        let _ = tx.send(msg);
                    }
                },
            )
        };
        // Deep syntax is walked recursively (with a depth cap), so workers get roomy stacks.
        match rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads)
            .stack_size(WORKER_STACK)
            .build()
        {
            Ok(pool) => pool.install(analyse),
            Err(_) => analyse(),
        }
    });
    drop(tx);
    drop(err_tx);
    let mut outcome = Outcome::default();
    for msg in rx {
        match msg {
            Message::Checked(report) => {
                outcome.files_checked += 1;
                outcome.files.extend(report);
            }
            Message::Skipped(why) => outcome.skipped.push(why),
            Message::Note(note) => outcome.notes.push(note),
            Message::Failed(e) => outcome.errors.push(e),
        }
    }
    outcome.errors.extend(err_rx);
    // Deterministic whatever the thread count.
    outcome.files.sort_by(|a, b| a.path.cmp(&b.path));
    outcome.skipped.sort();
    outcome.notes.sort();
    outcome.errors.sort_by(|a, b| a.message.cmp(&b.message));
    outcome
}

fn check_file(
    c: &Candidate,
    opts: &Options,
    catalog: &Catalog,
    prefilter: &Prefilter,
    parsers: &mut Parsers,
) -> Vec<Message> {
    let bytes = match read_limited(c, opts.max_file_size) {
        Ok(Some(b)) => b,
        Ok(None) => {
            return vec![Message::Skipped(format!(
                "{}: skipped, larger than --max-file-size ({} bytes)",
                c.display, opts.max_file_size
            ))];
        }
        Err(e) => {
            return vec![Message::Failed(PathError {
                message: format!("{}: {}", c.display, discover::io_reason(&e)),
                explicit: false,
            })];
        }
    };
    if !prefilter.admits(&bytes) {
        return vec![Message::Checked(None)];
    }
    if bytes.contains(&0) {
        return vec![Message::Skipped(format!(
            "{}: skipped, binary file (contains NUL bytes)",
            c.display
        ))];
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    let analysed = catch_unwind(AssertUnwindSafe(|| {
        let model = parsers.build(c.language, &text, catalog)?;
        let ctx = Context::new(&model, catalog, opts.ratios, c.language);
        Ok::<_, String>((rules::check(&ctx), model.notes))
    }));
    let (mut findings, notes) = match analysed {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => {
            return vec![Message::Failed(PathError {
                message: format!("{}: {e}", c.display),
                explicit: false,
            })];
        }
        Err(_) => {
            // A parser may be left mid-parse; start the next file with fresh ones.
            *parsers = Parsers::new();
            return vec![Message::Failed(PathError {
                message: format!("{}: internal error, please report", c.display),
                explicit: true,
            })];
        }
    };
    let mut out: Vec<Message> = notes
        .into_iter()
        .map(|n| Message::Note(format!("{}: {n}", c.display)))
        .collect();
    if findings.is_empty() {
        out.push(Message::Checked(None));
        return out;
    }
    let lines = LineIndex::new(&text);
    for f in &mut findings {
        f.path = c.display.clone();
        f.start = lines.position(&text, f.span.start);
        f.end = lines.position(&text, f.span.end);
        for label in &mut f.labels {
            label.start = lines.position(&text, label.span.start);
        }
        f.loop_line = f.labels.first().map(|l| l.start.line);
    }
    findings.sort_by(|a, b| (a.start, a.rule).cmp(&(b.start, b.rule)));
    out.push(Message::Checked(Some(FileReport {
        path: c.display.clone(),
        source: if opts.keep_source {
            text
        } else {
            String::new()
        },
        findings,
    })));
    out
}

/// Read a regular file, or `None` when it is larger than `limit`. The size is checked on
/// the open handle and the read is capped, so a file that grows meanwhile cannot blow up.
fn read_limited(c: &Candidate, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let file = std::fs::File::open(&c.path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other(
            "not a regular file (FIFOs and devices are never read)",
        ));
    }
    if meta.len() > limit {
        return Ok(None);
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Ok(None);
    }
    Ok(Some(bytes))
}
