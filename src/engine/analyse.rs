//! Stage 5, analyse: the whole-run index (every parsed file's model, name resolution
//! across files) and the rules that need it; then every finding is located (path, line,
//! column, snippet).

use std::collections::{HashMap, HashSet};

use super::parse::{LineSuppression, Parsed, snippet};
use super::state::{Options, Outcome, Run};
use crate::analysis::index::{IndexedFile, ProjectIndex};
use crate::analysis::view::ProjectContext;
use crate::discover::Candidate;
use crate::discover::{decode, read_limited};
use crate::finding::Finding;
use crate::model::Language;
use crate::rules;
use crate::source::LineIndex;

/// Suppression comments by path, with the file's language.
pub(super) type Suppressions = HashMap<String, (Language, Vec<LineSuppression>)>;

/// The findings of the run, located, and the suppressions to apply to them.
pub(super) fn project(
    run: &Run,
    mut parsed: Vec<Parsed>,
    outcome: &mut Outcome,
) -> (Vec<Finding>, Suppressions) {
    let opts = run.opts;
    // Only calls of functions (or constructors) defined somewhere in the run can be part of
    // a chain: drop the rest (library calls) before the index holds every model at once.
    let defined: HashSet<String> = parsed
        .iter()
        .flat_map(|p| {
            let functions = p.model.functions.iter().map(|f| f.name.clone());
            let classes = p.model.classes.iter().map(|c| c.name.clone());
            // (A C-family function bound for Python is called by its bound name:
            // `m.def("measure", &measure_all)`.)
            let exported = p.model.exports.iter().map(|(name, _)| name.clone());
            // (And a member given a callable to keep, `handler_ = std::move(h)`: calling
            // it, `self->handler_(f)`, runs what it was given.)
            // (Or a lambda, `on_batch_ = [](..) { .. }`.)
            let kept = p
                .model
                .param_elements
                .iter()
                .map(|(_, _, key)| key)
                .chain(p.model.lambda_elements.iter().map(|(_, key)| key))
                .filter_map(|key| key.strip_suffix(crate::model::ELEMENTS).map(str::to_string));
            functions.chain(classes).chain(exported).chain(kept)
        })
        .collect();
    // `jax.device_put(x, host)` with `host = host_sharding()` pins only if a function of
    // that name returns a pinned kind (`Event::pins_if`): else the event and what was
    // found on it go.
    let makers: HashSet<String> = parsed
        .iter()
        .flat_map(|p| p.model.pin_value_functions.iter().cloned())
        .collect();
    for p in &mut parsed {
        let dropped: Vec<crate::model::Span> = p
            .model
            .events
            .iter()
            .filter(|ev| ev.pins_if.as_ref().is_some_and(|m| !makers.contains(m)))
            .map(|ev| ev.span)
            .collect();
        if !dropped.is_empty() {
            p.model.events.retain(|ev| !dropped.contains(&ev.span));
            p.findings.retain(|f| !dropped.contains(&f.span));
        }
        p.model
            .retain_reachable_calls(p.candidate.language, |n| defined.contains(n));
        // A name handed over matters only when it names a function of the run.
        for c in &mut p.model.calls {
            c.name_args.retain(|(_, n)| defined.contains(n));
            c.name_args.shrink_to_fit();
        }
        p.model.calls.shrink_to_fit();
    }

    // The whole-run index, then the rules that need it.
    let mut per_file = Vec::new();
    let mut texts: HashMap<String, String> = HashMap::new();
    let mut suppressions: Suppressions = HashMap::new();
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
                stem: crate::analysis::index::stem(&p.candidate.display),
                path: p.candidate.display,
                real_path: p.candidate.path,
                language: p.candidate.language,
                depth: p.candidate.depth,
                model: p.model,
            }
        })
        .collect();
    let index = ProjectIndex::new(
        files,
        run.live.ambiguous(),
        run.live.take_class_bases(),
        run.live.take_declared(),
        run.live.take_typed(),
        run.live.take_included_by(),
        run.live.take_virtuals(),
    );
    // A file parsed in parts has one entry per part; each of its own findings belongs to
    // the part that holds its pin (whose context the whole-run analysis decides), else to
    // the first.
    let mut parts_of: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, f) in index.files.iter().enumerate() {
        parts_of.entry(f.path.as_str()).or_default().push(i);
    }
    let mut findings = Vec::new();
    for (path, mut fs) in per_file {
        let Some(parts) = parts_of.get(path.as_str()) else {
            continue;
        };
        for f in &mut fs {
            f.file = parts
                .iter()
                .copied()
                .find(|&i| index.files[i].model.events.iter().any(|e| e.span == f.span))
                .unwrap_or(parts[0]);
        }
        findings.extend(fs);
    }
    let pc = ProjectContext {
        index: &index,
        catalog: run.catalog,
        settings: &opts.settings,
        selected: &opts.selected,
    };
    let (project, contexts) = rules::check_project(&pc);
    findings.extend(project);
    rules::settle(&mut findings, &contexts);
    rules::at_invocations(&pc, &mut findings);
    findings.retain(|f| opts.selected.contains(f.rule));
    let findings = locate(findings, &index, opts, texts, &mut outcome.sources);
    (findings, suppressions)
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
                depth: f.depth,
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
