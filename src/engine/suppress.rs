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
        // A finding at a wrapper's call is also silenced at the wrapper's pin (its site):
        // what a comment there says of the wrapper holds for every call of it.
        let at_site = f.site.and_then(|(file, start)| {
            f.labels
                .iter()
                .find(|l| l.file == Some(file) && l.span.start == start)
                .map(|l| (l.path.clone(), l.start.line))
        });
        let places = std::iter::once((f.path.clone(), f.start.line)).chain(at_site);
        let hit = places.into_iter().find_map(|(path, line)| {
            hit(&suppressions, &path, line, f.rule).map(|(i, code)| (path, i, code))
        });
        match hit {
            Some((path, i, code)) => {
                if let Some(u) = used.get_mut(&path) {
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

/// The suppression of `path` (its index, and the code it silences: `*` for any) that
/// silences `rule` on `line`.
fn hit(
    suppressions: &Suppressions,
    path: &str,
    line: usize,
    rule: &str,
) -> Option<(usize, String)> {
    let (_, list) = suppressions.get(path)?;
    list.iter().enumerate().find_map(|(i, s)| {
        let on_line = s.target == 0 || s.target == line;
        let code = if s.codes.is_empty() {
            Some("*".to_string())
        } else {
            s.codes
                .iter()
                .find(|c| c.eq_ignore_ascii_case(rule))
                .map(|c| c.to_ascii_uppercase())
        };
        on_line.then_some(code).flatten().map(|c| (i, c))
    })
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
