//! Stage 6, measure (with `check --trace FILE`): join the trace's sites to the located
//! findings (`analysis::measured`), price the findings whose size the code leaves unknown
//! from what was measured, and report what static analysis missed (GT401).

use std::collections::HashMap;
use std::path::Path;

use super::state::{Outcome, Run};
use crate::analysis::frequency::test_path;
use crate::analysis::measured;
use crate::discover::{Candidate, decode, read_limited};
use crate::finding::Finding;
use crate::model::Span;
use crate::rules::{NOT_REACHED, measured_note, pinned_inventory, pinned_repeatedly_at_run_time};
use crate::source::LineIndex;
use crate::tracefile::Trace;

pub(super) fn apply(run: &Run, trace: &Trace, findings: &mut Vec<Finding>, outcome: &mut Outcome) {
    let opts = run.opts;
    let listed: Vec<Candidate> = run
        .listed
        .as_ref()
        .map(|l| std::mem::take(&mut *l.lock().unwrap_or_else(|e| e.into_inner())))
        .unwrap_or_default();
    let mut listed = listed;
    listed.sort_by(|a, b| a.display.cmp(&b.display));
    listed.dedup_by(|a, b| a.display == b.display);
    let files: Vec<String> = listed.iter().map(|c| c.display.clone()).collect();
    let same_file = |i: usize, path: &str| {
        let (Ok(a), Ok(b)) = (
            std::fs::canonicalize(&listed[i].path),
            std::fs::canonicalize(path),
        ) else {
            return false;
        };
        a == b
    };
    let located = measured::locate(&trace.sites, &files, &same_file);
    for (path, candidates) in &located.ambiguous {
        outcome.notes.push(format!(
            "trace: `{path}` matches {} equally well; its sites are not joined",
            candidates.join(", ")
        ));
    }
    let index_of: HashMap<&str, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.as_str(), i))
        .collect();
    let join = measured::join(
        &trace.sites,
        &located,
        findings,
        &|f| index_of.get(f.path.as_str()).copied(),
        &|f| f.rule == pinned_inventory::RULE.code,
    );

    // Price and annotate what the trace reached; say which pinning findings it did not.
    for (f, m) in findings.iter_mut().zip(join.measured) {
        let Some(m) = m else { continue };
        if m.sites == 0 {
            f.reached = Some(false);
            f.notes.push(NOT_REACHED.to_string());
            continue;
        }
        f.estimate.price_measured(m.peak_live_bytes);
        f.estimate
            .share_card(opts.settings.vram, opts.settings.vram_share);
        f.notes.push(measured_note(&m, f.estimate.ratio));
        // Static analysis found the buffer released in the loop, yet the run left bytes
        // from this call pinned: say so; the measurement does not overrule the price.
        // (Where the driver made fewer blocks than the program asked for, a pool in
        // between kept them — CuPy's pinned memory pool, torch's cache — and bytes left
        // pinned at exit are the pool's, not a skipped release.)
        let pooled = m.driver_calls.is_some_and(|d| d < m.calls);
        if m.unreleased_bytes > 0
            && f.loop_line.is_some()
            && !f.estimate.accumulates
            && !f.estimate.cached
            && !pooled
        {
            f.notes.push(format!(
                "the trace contradicts the static verdict: static analysis found this buffer \
                 released in the loop, but {} from this call were still pinned at exit; look \
                 for a path that skips the release",
                crate::tax::format_bytes(m.unreleased_bytes)
            ));
        }
        f.reached = Some(true);
        f.measured = Some(m);
    }

    if !opts
        .selected
        .contains(pinned_repeatedly_at_run_time::RULE.code)
    {
        return;
    }
    let mut texts: HashMap<String, Option<String>> = HashMap::new();
    let mut missed = Vec::new();
    for (s, site) in trace.sites.iter().enumerate() {
        let joined = &join.joined[s];
        if joined
            .iter()
            .any(|&i| findings[i].rule != pinned_inventory::RULE.code)
        {
            continue;
        }
        let seen = joined
            .first()
            .map(|&i| (findings[i].context, findings[i].reason.as_str()));
        let Some(mut f) = pinned_repeatedly_at_run_time::check(site, &opts.settings, seen) else {
            continue;
        };
        // In the checked tree: the site's own line, else its stack's first frame there.
        let place = located.places[s].first().copied();
        let (path, line, candidate) = match place {
            Some((file, line)) => (files[file].clone(), line, Some(&listed[file])),
            None => {
                let outside = std::iter::once((site.path.as_deref(), site.line))
                    .chain(site.stack.iter().map(|f| (f.path.as_deref(), f.line)))
                    // An empty path is no location (a hand-written or damaged trace).
                    .find_map(|(p, l)| Some((p.filter(|p| !p.is_empty())?.to_string(), l?)));
                let Some((path, line)) = outside else {
                    outcome.notes.push(format!(
                        "trace: a `{}` site with no source location pinned {} times; \
                         build with debug information (`-g`) to see where",
                        site.api, site.calls
                    ));
                    continue;
                };
                (path, line, None)
            }
        };
        let line = usize::try_from(line).unwrap_or(usize::MAX).max(1);
        f.path = path.clone();
        f.start.line = line;
        f.start.column = 1;
        f.end = f.start;
        if let Some(c) = candidate {
            f.language = c.language;
            if let Some(why) = test_path(&run.catalog.context, &c.display, c.depth) {
                if !opts.settings.tests_as_code {
                    f.context = crate::analysis::context::TEST;
                }
                f.reason = why;
            }
            let text = texts.entry(path.clone()).or_insert_with(|| {
                read_limited(c, opts.max_file_size)
                    .ok()
                    .flatten()
                    .map(decode)
            });
            if let Some(text) = text.as_deref()
                && let Some(span) = line_span(text, line)
            {
                let idx = LineIndex::new(text);
                f.span = span;
                f.start = idx.position(text, span.start);
                f.end = idx.position(text, span.end);
                f.snippet = text[span.start..span.end].split_whitespace().collect();
            }
        } else if let Some(language) = crate::discover::language_of(Path::new(&path)) {
            f.language = language;
        }
        missed.push(f);
    }
    if opts.keep_source {
        for f in &missed {
            if let Some(Some(text)) = texts.get(&f.path) {
                outcome
                    .sources
                    .entry(f.path.clone())
                    .or_insert_with(|| text.clone());
            }
        }
    }
    findings.extend(missed);
    findings.sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
}

/// Line `line`'s text without its indentation and trailing blanks, as a byte span.
fn line_span(text: &str, line: usize) -> Option<Span> {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.checked_sub(1)?)
        .map(str::len)
        .sum();
    let rest = text.get(start..)?;
    if rest.is_empty() {
        return None;
    }
    let own = rest.split('\n').next().unwrap_or("");
    let indent = own.len() - own.trim_start().len();
    let end = own.trim_end().len();
    (end > indent).then_some(Span {
        start: start + indent,
        end: start + end,
    })
}
