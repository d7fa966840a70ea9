//! Stage 2, scan: every file discovered is read once (as ripgrep reads it, on the walker's
//! threads) and checked for the catalog's APIs; its function definitions are counted, and
//! it is checked for the chain names known so far (split into identifiers only when a fast
//! search says it may mention one; see `analysis::names`). What mentions something is handed to the
//! parse stage; the rest waits, with its identifiers if it was split, for the link stage.

use std::collections::HashMap;
use std::sync::{Arc, mpsc};

use rayon::prelude::*;

use super::parse::{self, FileResult, Parsed, Waiting, read_checked, tag_of};
use super::state::{FileRecord, Outcome, Run};
use crate::analysis::names::{self, DefinitionBatch, LiveNames, Snapshot};
use crate::discover::{self, Candidate, PathError, decode};
use crate::frontend::{KnownNames, Parsers, Wanted};
use crate::scan::idents::{Definitions, Idents, Scratch, family};

/// A file that mentions what a pass looks for, read, on its way to be parsed.
pub(super) struct Admitted {
    pub(super) waiting: Waiting,
    pub(super) text: String,
    /// Its identifiers, when they were needed to admit it.
    pub(super) idents: Option<Idents>,
    /// The chain names known when it was read (their count is its generation).
    pub(super) names: Option<Arc<Snapshot>>,
    /// A chain name admitted it, not the catalog's names.
    pub(super) by_name: bool,
}

/// A reading thread's definition counts, added to the run's when the thread ends.
struct Flush<'a>(DefinitionBatch, &'a LiveNames);

impl Drop for Flush<'_> {
    fn drop(&mut self) {
        self.1.define(&mut self.0);
    }
}

/// The first pass over every file under `paths`: read, filter, and parse what mentions an API or a
/// chain name known by then. Returns the parsed files and those waiting for later passes.
pub(super) fn first_pass(
    run: &Run,
    paths: &[std::path::PathBuf],
    outcome: &mut Outcome,
) -> (Vec<Parsed>, Vec<Waiting>) {
    let (opts, live) = (run.opts, &run.live);
    let chains_needed = run.chains;
    let prefilter = &run.prefilter;
    // Files checked and done with in this pass, not listed for later ones.
    let unlisted = std::sync::atomic::AtomicUsize::new(0);
    let (err_tx, err_rx) = mpsc::channel::<PathError>();
    let (done_tx, done_rx) = mpsc::channel::<FileResult>();
    // Bounded: discovery never runs far ahead of analysis, so memory follows the work in flight.
    let (text_tx, text_rx) = mpsc::sync_channel::<Admitted>(64);
    let results = std::thread::scope(|s| {
        s.spawn(|| {
            let exclude = discover::Exclude {
                globs: opts.exclude.as_ref(),
                force: opts.force_exclude,
            };
            let visitor = || {
                let mut buf = Vec::new();
                let mut scratch = Scratch::default();
                let mut batch = Flush(DefinitionBatch::default(), live);
                let text_tx = text_tx.clone();
                let done_tx = done_tx.clone();
                let unlisted = &unlisted;
                Box::new(move |c: Candidate| {
                    if let Some(list) = &run.listed {
                        list.lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(c.clone());
                    }
                    let names = if chains_needed {
                        live.snapshot(family(c.language))
                    } else {
                        None
                    };
                    let generation = names.as_ref().map_or(0, |n| n.names.len());
                    // What admitted the file: the catalog (`Some(false)`), a chain name
                    // (`Some(true)`); its identifiers, when it was split into them.
                    let mut idents = None;
                    let read = read_checked(&c, opts, &mut buf);
                    if let Some(cache) = run.cache {
                        cache.read(FileRecord {
                            display: c.display.clone(),
                            path: c.path.clone(),
                            language: c.language,
                            depth: c.depth,
                            tag: tag_of(&read, &buf),
                        });
                    }
                    let admitted_by = read.map(|()| {
                        let by_api = prefilter.admits(&buf);
                        if !chains_needed {
                            return by_api.then_some(false);
                        }
                        // Every file's definitions count, whatever is parsed of it.
                        if batch
                            .0
                            .add(&Definitions::of(&buf, c.language), c.language, &c.display)
                        {
                            live.define(&mut batch.0);
                        }
                        let by_name = !by_api
                            && names.as_ref().is_some_and(|n| {
                                if !n.may_mention_text(&buf) {
                                    return false;
                                }
                                let ids = Idents::of(&buf, c.language, &c.display, &mut scratch);
                                let found = n.names.may_mention(&ids, 0)
                                    && n.names.mentioned_in(&buf, &ids, 0, generation);
                                idents = Some(ids);
                                found
                            });
                        (by_api || by_name).then_some(by_name)
                    });
                    let waiting = Waiting {
                        candidate: c,
                        plan: None,
                        generation,
                        idents: None,
                        constants: HashMap::new(),
                        defaults: HashMap::new(),
                    };
                    let r = match admitted_by {
                        Ok(Some(by_name)) => {
                            let admitted = Admitted {
                                waiting,
                                text: decode(std::mem::take(&mut buf)),
                                idents: idents.take(),
                                names,
                                by_name,
                            };
                            return text_tx.send(admitted).is_ok();
                        }
                        // Without call chains, a file that names nothing is done with.
                        Ok(None) if !chains_needed => {
                            unlisted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            run.progress.inc(1);
                            return true;
                        }
                        Ok(None) => {
                            FileResult::NotAdmitted(Box::new(Waiting { idents, ..waiting }))
                        }
                        Err(r) => *r,
                    };
                    run.tick(match &r {
                        FileResult::Parsed(p) => Some(&p.model),
                        _ => None,
                    });
                    done_tx.send(r).is_ok()
                }) as Box<dyn FnMut(Candidate) -> bool + Send + '_>
            };
            discover::walk(paths, opts.threads, exclude, &err_tx, &visitor);
            drop(text_tx);
        });
        run.install(|| {
            text_rx
                .into_iter()
                .par_bridge()
                .map_init(Parsers::new, |parsers, a| {
                    let family = family(a.waiting.candidate.language);
                    let generation = a.waiting.generation;
                    let (hot, seed): (Wanted, Option<(&dyn KnownNames, usize)>) =
                        match a.names.as_deref().map(|n| &n.names) {
                            Some(set) if a.by_name => (
                                Wanted::Names {
                                    set,
                                    since: 0,
                                    upto: generation,
                                },
                                Some((set, generation)),
                            ),
                            Some(set) => (Wanted::Apis(prefilter), Some((set, generation))),
                            None => (Wanted::Apis(prefilter), None),
                        };
                    let text = (a.text, a.idents);
                    let r = parse::parse_file(a.waiting, text, run, hot, seed, parsers);
                    if let (FileResult::Parsed(p), true) = (&r, chains_needed) {
                        let chains = names::of_model(
                            &p.model,
                            &p.candidate.display,
                            p.candidate.language,
                            &p.idents,
                        );
                        live.add(family, chains.into_keys(), false);
                    }
                    run.tick(match &r {
                        FileResult::Parsed(p) => Some(&p.model),
                        _ => None,
                    });
                    r
                })
                .collect::<Vec<FileResult>>()
        })
    });
    drop(done_tx);
    let mut results: Vec<FileResult> = results;
    results.extend(done_rx);
    drop(err_tx);
    let walk_errors: Vec<PathError> = err_rx.into_iter().collect();
    if let Some(cache) = run.cache {
        cache.walk_errors(&walk_errors);
    }
    outcome.errors.extend(walk_errors);
    let mut parsed = Vec::new();
    let mut waiting = Vec::new();
    parse::collect(results, outcome, &mut parsed, &mut waiting, true);
    // (The threads finish files in no fixed order; the later stages see them in one.)
    parsed.sort_unstable_by(|a, b| a.candidate.display.cmp(&b.candidate.display));
    waiting.sort_unstable_by(|a, b| a.candidate.display.cmp(&b.candidate.display));
    outcome.files_checked += unlisted.into_inner();
    (parsed, waiting)
}
