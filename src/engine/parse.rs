//! Stage 3, parse: the items of a file that matter, through the front ends, and the
//! per-file rules. What a file became (parsed, waiting for a later pass, skipped, failed)
//! is recorded here for the later stages.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::state::{Built, Call, Memo, Options, Outcome, Probe, Run, Tag};
use crate::analysis::view::Context;
use crate::catalog::Catalog;
use crate::discover::{self, Candidate, PathError, decode};
use crate::finding::Finding;
use crate::frontend::items::Plan;
use crate::frontend::{Extent, KnownNames, Lazy, Parsers, Seed, Wanted};
use crate::model::{Expr, FileModel, Span};
use crate::rules;
use crate::scan::idents::{Idents, Scratch};
use crate::scan::prefilter::Prefilter;
use crate::source::{LineIndex, Position};

/// What happened to one file.
pub(super) enum FileResult {
    Parsed(Box<Parsed>),
    /// Read, but mentions nothing the prefilter looks for (yet).
    NotAdmitted(Box<Waiting>),
    Skipped(String),
    Failed(PathError),
}

/// A file a later call-chain pass may still parse (part of).
#[derive(Clone)]
pub(super) struct Waiting {
    pub(super) candidate: Candidate,
    /// Its items, when part of it has been parsed already; `None` when none has.
    pub(super) plan: Option<Plan>,
    /// How many of its family's chain names it has been checked for (see `analysis::names`).
    pub(super) generation: usize,
    /// The identifiers it mentions, when none of it has been parsed: a later pass reads it
    /// again only if they may include a newer name.
    pub(super) idents: Option<Idents>,
    /// The constants of the parts already parsed: a later part's sizes and trip counts may
    /// use them.
    pub(super) constants: HashMap<String, Expr>,
    /// And the defaults it states (`FileModel::defaults`).
    pub(super) defaults: HashMap<String, (Expr, String)>,
}

pub(super) struct Parsed {
    pub(super) candidate: Candidate,
    /// Kept only when the file has findings of its own; otherwise dropped with the tree,
    /// and read again at the end if a call chain points into it.
    pub(super) text: Option<String>,
    pub(super) model: FileModel,
    /// The identifiers of the whole file.
    pub(super) idents: Idents,
    /// The items not parsed yet, if any.
    pub(super) plan: Option<Plan>,
    pub(super) generation: usize,
    /// Per-file findings, positions not yet resolved.
    pub(super) findings: Vec<Finding>,
    pub(super) suppressions: Vec<LineSuppression>,
}

/// A suppression comment, located.
pub(super) struct LineSuppression {
    /// The line it silences; 0 for the whole file.
    pub(super) target: usize,
    pub(super) span: Span,
    pub(super) start: Position,
    pub(super) end: Position,
    pub(super) codes: Vec<String>,
}

pub(super) fn collect(
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
                        defaults: p.model.defaults.clone(),
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
                waiting.push(*w);
            }
            FileResult::Skipped(why) => outcome.skipped.push(why),
            FileResult::Failed(e) => outcome.errors.push(e),
        }
    }
}

/// Read a file and parse what of it matters: on its first parse, the items that mention
/// what `prefilter` looks for and its declarations; later, pending items only. `seed`
/// names functions known to pin elsewhere, whose callers are parsed too.
pub(super) fn check_file(
    mut w: Waiting,
    run: &Run,
    (hot, quick): (Wanted, Option<&Prefilter>),
    seed: Option<(&dyn KnownNames, usize)>,
    worker: &mut Worker,
) -> FileResult {
    let opts = run.opts;
    if let Err(r) = read_checked(&w.candidate, opts, &mut worker.buf) {
        return *r;
    }
    // A fast search that finds none of the names it may mention rules it out.
    if w.idents.is_none() && quick.is_some_and(|q| !q.admits(&worker.buf)) {
        return FileResult::NotAdmitted(Box::new(w));
    }
    // (Its definitions were counted when it was first read.) Split into identifiers once:
    // a later pass then reads it again only if they may include a newer name.
    let idents = match w.idents.take() {
        Some(i) => i,
        None => Idents::of(
            &worker.buf,
            w.candidate.language,
            &w.candidate.display,
            &mut worker.scratch,
        ),
    };
    // Its identifiers rule most files out before their text is looked at.
    let adm = match hot {
        Wanted::Names { set, since, .. } if !set.may_mention(&idents, since) => false,
        _ => hot.admits(&worker.buf, &idents),
    };
    if !adm {
        w.idents = Some(idents);
        return FileResult::NotAdmitted(Box::new(w));
    }
    let text = decode(std::mem::take(&mut worker.buf));
    parse_file(w, (text, Some(idents)), run, hot, seed, &mut worker.parsers)
}

/// Parse what matters of a file's text and check it.
pub(super) fn parse_file(
    w: Waiting,
    (text, idents): (String, Option<Idents>),
    run: &Run,
    hot: Wanted,
    seed: Option<(&dyn KnownNames, usize)>,
    parsers: &mut Parsers,
) -> FileResult {
    let (opts, catalog) = (run.opts, run.catalog);
    let c = w.candidate;
    let idents = idents.unwrap_or_else(|| {
        Idents::of(
            text.as_bytes(),
            c.language,
            &c.display,
            &mut Scratch::default(),
        )
    });
    let analysed = catch_unwind(AssertUnwindSafe(|| {
        // Test builds can force a panic in one file, to check that it is contained.
        #[cfg(debug_assertions)]
        if std::env::var_os("GHOSTTAX_TEST_PANIC_ON")
            .is_some_and(|v| c.display.contains(v.to_string_lossy().as_ref()))
        {
            panic!("forced by GHOSTTAX_TEST_PANIC_ON");
        }
        // (Through the parse memo when the run has a cache: the same model either way.)
        let call = Call {
            lang: c.language,
            text: &text,
            idents: &idents,
            whole: opts.whole_files,
            plan: w.plan.as_ref(),
            hot,
            seed,
        };
        let Built {
            mut model,
            plan,
            parsed_any,
        } = match run.cache {
            Some(memo) => memo.parse(&call, catalog, parsers)?,
            None => build_plain(&call, call.hot, call.seed(), catalog, parsers)?,
        };
        for (name, value) in &w.constants {
            model
                .constants
                .entry(name.clone())
                .or_insert_with(|| value.clone());
        }
        for (name, value) in w.defaults.iter() {
            model
                .defaults
                .entry(name.clone())
                .or_insert_with(|| value.clone());
        }
        let exits = may_exit_early(&model, c.language);
        let owners = crate::frontend::has_pinned_owner_candidate(&model);
        if exits || owners {
            let headers = included_headers(&c, &text, opts.max_file_size, run.cache);
            if exits {
                let names = &catalog.context;
                let test_file =
                    crate::analysis::frequency::test_path(names, &c.display, c.depth).is_some();
                crate::frontend::hidden_exits(&mut model, &text, &headers, names, test_file);
            }
            crate::frontend::owners_from_headers(&mut model, &headers, catalog);
        }
        model.owner_candidates = Vec::new();
        if !parsed_any {
            return Ok(None);
        }
        let ctx = Context::new(&model, catalog, &opts.settings, c.language);
        let findings = rules::check(&ctx);
        Ok::<_, String>(Some((model, plan, findings)))
    }));
    match analysed {
        Ok(Ok(None)) => FileResult::NotAdmitted(Box::new(Waiting {
            candidate: c,
            plan: w.plan,
            generation: w.generation,
            idents: Some(idents),
            constants: w.constants,
            defaults: w.defaults,
        })),
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

/// The calls of `lang` that pin only with a value (`pin_values`: a pinned memory kind or
/// device) that `text` names somewhere: searched for item by item.
fn by_value_calls(
    catalog: &Catalog,
    lang: crate::model::Language,
    text: &str,
) -> Option<Prefilter> {
    let names: Vec<&[u8]> = catalog
        .apis
        .iter()
        .filter(|a| a.languages.contains(&lang) && !a.pin_values.is_empty())
        .filter(|a| {
            a.pin_values
                .iter()
                .any(|v| crate::frontend::library::says(text, v))
        })
        .map(|a| {
            a.name
                .rsplit(['.', ':'])
                .next()
                .unwrap_or(&a.name)
                .as_bytes()
        })
        .collect();
    Prefilter::literals(&names)
}

/// The parse itself: what `call` asks for, the lazy parse asking `hot` and `seed`.
pub(super) fn build_plain(
    call: &Call,
    hot: Wanted,
    seed: Seed,
    catalog: &Catalog,
    parsers: &mut Parsers,
) -> Result<Built, String> {
    let mut extent = if call.whole {
        Extent::Whole
    } else {
        Extent::Lazy(Lazy {
            plan: call
                .plan
                .cloned()
                .unwrap_or_else(|| Plan::new(call.text, call.lang)),
            hot,
            seed,
            idents: call.idents,
            parsed_any: false,
            by_value: match hot {
                Wanted::Apis(_) => by_value_calls(catalog, call.lang, call.text).map(Box::new),
                Wanted::Names { .. } => None,
            },
        })
    };
    let model = parsers.build_extent(call.lang, call.text, catalog, &mut extent)?;
    Ok(match extent {
        Extent::Lazy(lazy) => Built {
            model,
            plan: Some(lazy.plan),
            parsed_any: lazy.parsed_any,
        },
        Extent::Whole => Built {
            model,
            plan: None,
            parsed_any: true,
        },
    })
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).into()
}

/// What reading a file gave (`read`: `read_checked`'s result, the bytes in `buf`).
pub(super) fn tag_of(read: &Result<(), Box<FileResult>>, buf: &[u8]) -> Tag {
    match read {
        Ok(()) => Tag::Read(sha256(buf)),
        Err(r) => match &**r {
            FileResult::Skipped(why) => Tag::Skipped(why.clone()),
            FileResult::Failed(e) => Tag::Failed(e.message.clone()),
            _ => Tag::Failed(String::new()),
        },
    }
}

/// Does the C-family `model` pin and release (or hand over), so that an exit hidden in a
/// macro between the two may leak (GT304)?
fn may_exit_early(model: &FileModel, lang: crate::model::Language) -> bool {
    use crate::catalog::ApiKind;
    lang != crate::model::Language::Python
        && lang != crate::model::Language::Rust
        && model
            .events
            .iter()
            .any(|e| matches!(e.kind, ApiKind::Register | ApiKind::Alloc))
        && (model
            .events
            .iter()
            .any(|e| matches!(e.kind, ApiKind::Unregister | ApiKind::Free))
            // (Or a buffer handed over on the normal path, `*out = h;`, that an exit
            // before the hand-over loses.)
            || !model.escapes.is_empty())
}

/// At most this many headers are read for one file's macros, this many includes deep, and
/// a quoted include is looked for this many folders up from the file.
const MAX_HEADERS: usize = 16;
const MAX_INCLUDE_DEPTH: usize = 3;
const MAX_FOLDERS_UP: usize = 4;

/// The texts of the project headers `text` includes by quoted name (`#include "check.h"`),
/// and theirs in turn: found beside the file or in a folder above it, inside the tree
/// checked (as the file's `depth` tells).
fn included_headers(
    c: &Candidate,
    text: &str,
    limit: u64,
    cache: Option<&dyn Memo>,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut queue: Vec<(std::path::PathBuf, String, usize)> = Vec::new();
    let dir = c.path.parent().map(std::path::Path::to_path_buf);
    let push_includes = |queue: &mut Vec<_>, from: &std::path::Path, text: &str, depth: usize| {
        for name in crate::frontend::quoted_includes(text) {
            queue.push((from.to_path_buf(), name.to_string(), depth));
        }
    };
    if let Some(d) = &dir {
        push_includes(&mut queue, d, text, 1);
    }
    let mut next = 0;
    while next < queue.len() && out.len() < MAX_HEADERS {
        let (from, name, depth) = queue[next].clone();
        next += 1;
        let up = MAX_FOLDERS_UP.min(c.depth.saturating_sub(1));
        // (Each path looked at is recorded for the run memo: a header added, removed or
        // edited changes what a run finds.)
        let probe = |path: &std::path::Path, found| {
            if let Some(cache) = cache {
                cache.probed(Probe {
                    path: path.to_string_lossy().into_owned(),
                    found,
                });
            }
        };
        // (Beside the file and in the folders above it, and in their `include/` folders:
        // `#include "ts/pinned.hpp"` from `src/` names `include/ts/pinned.hpp`.)
        let found = from
            .ancestors()
            .take(up + 1)
            .flat_map(|d| [d.join(&name), d.join("include").join(&name)])
            .find(|p| {
                let file = p.is_file();
                if !file {
                    probe(p, None);
                }
                file
            });
        let Some(path) = found else { continue };
        if !seen.insert(path.clone()) {
            continue;
        }
        let header = Candidate {
            path: path.clone(),
            display: path.to_string_lossy().into_owned(),
            language: c.language,
            depth: 0,
        };
        let read = discover::read_limited(&header, limit).ok().flatten();
        probe(&path, Some(read.as_deref().map(sha256)));
        let Some(bytes) = read else {
            continue;
        };
        let header_text = decode(bytes);
        if depth < MAX_INCLUDE_DEPTH
            && let Some(d) = path.parent()
        {
            push_includes(&mut queue, d, &header_text, depth + 1);
        }
        out.push(header_text);
    }
    out
}

/// The flagged call's text without whitespace: what a baseline fingerprint remembers.
pub(super) fn snippet(text: &str, span: Span) -> String {
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

/// One analysis thread's reusable state.
pub(super) struct Worker {
    pub(super) parsers: Parsers,
    /// Every file is read into this buffer; only files that are parsed are copied out.
    pub(super) buf: Vec<u8>,
    pub(super) scratch: Scratch,
}

impl Worker {
    pub(super) fn new() -> Worker {
        Worker {
            parsers: Parsers::new(),
            buf: Vec::new(),
            scratch: Scratch::default(),
        }
    }
}

/// Read a file into `buf`; what became of it when it cannot be checked.
pub(super) fn read_checked(
    c: &Candidate,
    opts: &Options,
    buf: &mut Vec<u8>,
) -> Result<(), Box<FileResult>> {
    // A thread keeps its buffer unless a huge file grew it.
    if buf.capacity() > 4 << 20 {
        *buf = Vec::new();
    }
    match discover::read_into(c, opts.max_file_size, buf) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tests::options;

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
            depth: 1,
        };
        std::fs::remove_file(&path).expect("delete");
        let catalog = Catalog::builtin();
        let waiting = Waiting {
            candidate,
            plan: None,
            generation: 0,
            idents: None,
            constants: HashMap::new(),
            defaults: HashMap::new(),
        };
        let opts = options();
        let run = Run::new(&opts, &catalog, None);
        let result = check_file(
            waiting,
            &run,
            (Wanted::Apis(&Prefilter::new(&catalog)), None),
            None,
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
}
