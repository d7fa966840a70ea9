//! Stage 6, suppress: `per-file-ignores`, suppression comments (and GT900 for those that
//! silenced nothing), then the configured severities.

use std::collections::{HashMap, HashSet};

use super::analyse::Suppressions;
use super::state::Options;
use crate::finding::Finding;
use crate::rules::unused_suppression;

/// What the configuration and the comments leave of the findings.
pub(super) fn apply(
    mut findings: Vec<Finding>,
    suppressions: Suppressions,
    opts: &Options,
) -> Vec<Finding> {
    findings.retain(|f| {
        let path = crate::platform::slashed(&f.path);
        !opts
            .per_file_ignores
            .iter()
            .any(|(glob, codes)| codes.contains(&f.rule) && glob.is_match(path.as_ref()))
    });
    let mut findings = suppress(findings, suppressions, opts);
    for f in &mut findings {
        if let Some(s) = opts.severities.get(f.rule) {
            f.severity = *s;
        }
        // Repeating the work is what a test or a benchmark is for: never fail a run on it.
        // Vendored code is another project's: its fix belongs upstream.
        if matches!(
            f.context,
            crate::analysis::context::TEST | crate::analysis::context::VENDORED
        ) {
            f.severity = crate::finding::Severity::Info;
        }
    }
    findings
}

/// Drop suppressed findings; report suppressions that silenced nothing (GT900).
fn suppress(
    findings: Vec<Finding>,
    mut suppressions: Suppressions,
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
    let mut unused = Vec::new();
    for path in paths {
        let Some((language, list)) = suppressions.remove(&path) else {
            continue;
        };
        let used = used.remove(&path).unwrap_or_default();
        for (i, s) in list.into_iter().enumerate() {
            let silenced = used.get(i).cloned().unwrap_or_default();
            let mut report = |code: Option<&str>, known: bool| {
                let meant = code
                    .filter(|_| known && s.target != 0)
                    .and_then(|c| meant(&kept, &path, c, s.target))
                    .map(|f| unused_suppression::Meant {
                        line: f.start.line,
                        api: &f.api,
                    });
                let mut f = unused_suppression::finding(
                    language,
                    s.span,
                    (s.start, s.end),
                    code,
                    known,
                    meant,
                );
                f.path = path.clone();
                unused.push(f);
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
    kept.extend(unused);
    kept
}

/// How far from a suppression a finding of its code may be reported and still be the one
/// it meant, when no location of the finding is on the suppression's line.
const NEARBY_LINES: usize = 20;

/// The finding of `code` in `path` that a suppression of line `line` could have meant: one
/// with a location on that line (the early `return` of a GT304, the loop of a GT101), else
/// the nearest one within `NEARBY_LINES`.
fn meant<'a>(kept: &'a [Finding], path: &str, code: &str, line: usize) -> Option<&'a Finding> {
    let of_code = || {
        kept.iter()
            .filter(move |f| f.path == path && f.rule == code && f.start.line != line)
    };
    of_code()
        .find(|f| {
            f.labels
                .iter()
                .any(|l| l.path == path && l.start.line == line)
        })
        .or_else(|| {
            of_code()
                .filter(|f| f.start.line.abs_diff(line) <= NEARBY_LINES)
                .min_by_key(|f| (f.start.line.abs_diff(line), f.start.line))
        })
}
