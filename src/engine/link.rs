//! Stage 4, link: call chains across files. After the first pass, the names of the
//! functions found to pin (and of their callers, to the chain's depth) are known; files
//! that mention one after they were read are read again, and only the items that call
//! them are parsed. No item is parsed twice.

use rayon::prelude::*;

use super::parse::{self, FileResult, Parsed, Waiting, Worker};
use super::state::{Outcome, Run};
use crate::analysis::names::{self, NameSet};
use crate::frontend::{KnownNames, Wanted};
use crate::scan::idents::{FAMILIES, family};
use crate::scan::prefilter::Prefilter;

/// At most this many extra passes look for callers of pinning functions: enough for a
/// chain of three intermediate functions.
const CHAIN_PASSES: usize = 4;

/// How the files of a family never split into identifiers are told apart in a pass.
enum Quick {
    /// No name they have not been checked for is still looked for: not read at all.
    Nothing,
    /// A few names: a SIMD search for them first.
    Few(Prefilter),
    /// Many: split into identifiers.
    Many,
}

/// The later passes; returns every parsed file.
pub(super) fn chain_passes(
    run: &Run,
    mut parsed: Vec<Parsed>,
    mut waiting: Vec<Waiting>,
    outcome: &mut Outcome,
) -> Vec<Parsed> {
    let live = &run.live;
    // Every file has been read: the definitions are all known (when counted, for chains).
    if run.chains {
        for p in &mut parsed {
            live.prune_calls(&mut p.model, p.candidate.language);
        }
    }
    // Only files of a language that can call a function are read again, and only for the
    // newer names.
    for _ in 0..CHAIN_PASSES * usize::from(run.chains) {
        let mut all: [names::Depths; FAMILIES] = Default::default();
        for p in &parsed {
            let (path, lang) = (p.candidate.display.as_str(), p.candidate.language);
            names::merge(
                &mut all[family(lang)],
                names::of_model(&p.model, path, lang, &p.idents),
            );
        }
        let python = family(crate::model::Language::Python);
        // Python last: a C-family function bound for Python (`m.def("measure",
        // &measure_all)`) that can reach a pin, through its own callers too, is called by
        // its bound name there.
        let order = (0..FAMILIES).filter(|&f| f != python).chain([python]);
        for f in order {
            if f == python {
                let bound = bound_names(&parsed, &all, python, |n| live.python_definitions(n));
                names::merge(&mut all[python], bound);
            }
            // (Rust after C: a function with C linkage that Rust declares in an `extern`
            // block, `sb_verify_batch(..)`, is called by its name there.)
            let rust = family(crate::model::Language::Rust);
            if f == rust {
                let bound = bound_names(&parsed, &all, rust, |n| live.definitions_in(rust, n));
                names::merge(&mut all[rust], bound);
            }
            let names = &mut all[f];
            // (Before callers are looked for: a base class's `self.f()` calls an override;
            // a Rust method is called on a name declared with its type,
            // `st.renderer.render_tile()` on `renderer: Renderer`.)
            let found = std::mem::take(names).into_iter().collect();
            let mut found = live.with_ancestors(found);
            if f == family(crate::model::Language::Rust) {
                let (chains, depths): (Vec<_>, Vec<_>) = found.into_iter().unzip();
                found = live
                    .with_typed_names(chains)
                    .into_iter()
                    .zip(depths)
                    .collect();
            }
            names::merge(names, found.into_iter().collect());
            let models = parsed
                .iter()
                .filter(|p| family(p.candidate.language) == f)
                .map(|p| {
                    let path = p.candidate.display.as_str();
                    (&p.model, path, p.candidate.language, &p.idents)
                });
            // (Python objects kept in containers, made by registries, handed over.)
            let element_reach = |names: &mut names::Depths| {
                let definitions = |n: &str| live.python_definitions(n);
                let classes = |n: &str| live.python_classes(n);
                names::element_reach(
                    models.clone().map(|(m, _, _, _)| m),
                    (definitions, classes),
                    names,
                );
            };
            if f == python {
                element_reach(names);
            }
            // (Python classes count: `Controller(policy, sinks)` keeps what it is handed.)
            names::stored_reach(
                models.clone().map(|(m, p, l, _)| (m, p, l)),
                |n| {
                    live.definitions_in(f, n)
                        + if f == python {
                            live.python_classes(n)
                        } else {
                            0
                        }
                },
                names,
            );
            // A call on a bound name (`w.experts.f(`) reaches a method whose class the
            // calling file never names: its caller is a chain name too.
            names::callers(models.clone(), names);
            let before = names.len();
            names::bind_reach(models.clone().map(|(m, _, _, _)| m), names);
            if names.len() > before {
                names::callers(models.clone(), names);
                names::bind_reach(models.clone().map(|(m, _, _, _)| m), names);
            }
            // (A class whose method only became a caller above, `BranchScaler.__call__`
            // calling a bound C function: the registry that makes it, `MOVES`, and the
            // decorator that fills it are looked for in this pass, not never.)
            if f == python {
                let before = names.len();
                element_reach(names);
                if names.len() > before {
                    names::callers(models.clone(), names);
                }
            }
            let found: Vec<(names::ChainName, ())> =
                names.keys().map(|c| (c.clone(), ())).collect();
            let sorted: Vec<names::ChainName> = live
                .with_ancestors(found)
                .into_iter()
                .map(|(c, _)| c)
                .collect();
            let mut sorted = live.with_declarations(sorted);
            if f == family(crate::model::Language::Cpp) {
                sorted = live.with_typed_names(sorted);
                sorted = live.with_virtuals(sorted);
            }
            // (Rust methods found as callers in this pass: `st.coder.lock()?.encode(..)`
            // on `coder: Mutex<Coder>` reaches them too.)
            if f == family(crate::model::Language::Rust) {
                sorted = live.with_typed_names(sorted);
            }
            sorted.sort();
            sorted.dedup();
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
        // Files never split into identifiers are read again; while the names they have not
        // been checked for are few, one SIMD search per family and pass (Teddy, at most 64
        // literals) tells most of them apart without splitting them.
        let quick: Vec<Quick> = (0..FAMILIES)
            .map(|f| {
                let since = pending
                    .iter()
                    .filter(|w| family(w.candidate.language) == f && w.idents.is_none())
                    .map(|w| w.generation)
                    .min();
                let keys = since.map(|s| sets[f].keys_since(s)).unwrap_or_default();
                if keys.is_empty() {
                    return Quick::Nothing;
                }
                Prefilter::literals(&keys).map_or(Quick::Many, Quick::Few)
            })
            .collect();
        let results = run.install(|| {
            pending
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
                        return FileResult::NotAdmitted(Box::new(w));
                    }
                    let hot = Wanted::Names {
                        set: &sets[f],
                        since,
                        upto: lens[f],
                    };
                    let seed: Option<(&dyn KnownNames, usize)> = Some((&sets[f], lens[f]));
                    let quick = match &quick[f] {
                        // (Files with identifiers were screened above.)
                        Quick::Nothing if w.idents.is_none() => {
                            return FileResult::NotAdmitted(Box::new(w));
                        }
                        Quick::Few(p) => Some(p),
                        _ => None,
                    };
                    parse::check_file(w, run, (hot, quick), seed, worker)
                })
                .collect()
        });
        let before = parsed.len();
        parse::collect(results, outcome, &mut parsed, &mut waiting, false);
        for p in &mut parsed[before..] {
            live.prune_calls(&mut p.model, p.candidate.language);
        }
    }
    parsed
}

/// The bound names (`FileModel::exports`) of the C-family functions among `all`'s chain
/// names, one call further from a pin, as the `target` family calls them (Python through
/// bindings and ctypes, Rust through an `extern` block: C linkage only). A function that
/// reaches a pin only through its own callees counts only where code of the target family
/// does not define the name too (`target_definitions`, counted lexically, bindings
/// included): a Python call of `fit` or `train` then means the Python definition, and
/// looking for it in every Python file would read them all for nothing.
fn bound_names(
    parsed: &[Parsed],
    all: &[names::Depths; FAMILIES],
    target: usize,
    target_definitions: impl Fn(&str) -> usize,
) -> names::Depths {
    let python = family(crate::model::Language::Python);
    let rust = family(crate::model::Language::Rust);
    let from = |f: usize| f != python && f != rust;
    let mut bindings: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for p in parsed.iter().filter(|p| from(family(p.candidate.language))) {
        for (name, _) in &p.model.exports {
            *bindings.entry(name.as_str()).or_insert(0) += 1;
        }
    }
    // (Each family's shortest distance by name, once: a header's `extern "C"` block may
    // export hundreds of names.)
    let nearest: Vec<rustc_hash::FxHashMap<&str, usize>> =
        all.iter().map(names::nearest_by_name).collect();
    let mut bound = names::Depths::default();
    for p in parsed {
        let f = family(p.candidate.language);
        if !from(f) {
            continue;
        }
        for (name, function) in &p.model.exports {
            let Some(&d) = nearest[f].get(function.as_str()) else {
                continue;
            };
            // (Python binds names of C++ methods too, `m.def("fit", &Booster::fit)`; Rust
            // declares only C functions.)
            if target == rust && name != function {
                continue;
            }
            let defined_too =
                || target_definitions(name) > bindings.get(name.as_str()).copied().unwrap_or(0);
            // (The bound name is the C function's own name where Python calls it: a call
            // of it is one step from the C function, as a C call of it would be.)
            if d < names::MAX_NAME_DEPTH && (d == 0 || !defined_too()) {
                names::merge(
                    &mut bound,
                    std::iter::once((names::ChainName::anywhere(name), d)).collect(),
                );
            }
        }
    }
    bound
}
