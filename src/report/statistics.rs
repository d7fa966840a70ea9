//! `--statistics`: counts and tax totals per rule and per top-level directory, sorted by
//! tax: the view an incident review wants.

use std::collections::BTreeMap;

use crate::engine::Outcome;
use crate::rules;
use crate::tax::format_bytes;

/// A flagged call: (path, line, column).
type Site<'a> = (&'a str, usize, usize);

fn top_dir(path: &str) -> String {
    let p = crate::platform::slashed(path);
    match p.split_once('/') {
        Some((dir, _)) => format!("{dir}/"),
        None => "./".to_string(),
    }
}

fn table(title: &str, rows: BTreeMap<String, (usize, u64, usize, usize)>) -> String {
    let mut rows: Vec<(String, (usize, u64, usize, usize))> = rows.into_iter().collect();
    rows.sort_by(|a, b| {
        b.1.1
            .cmp(&a.1.1)
            .then(b.1.0.cmp(&a.1.0))
            .then(a.0.cmp(&b.0))
    });
    let width = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0)
        .max(title.len());
    let mut out = format!(
        "{title:<width$}  {:>8}  {:>12}  {:>12}  {:>8}\n",
        "findings", "known tax", "unknown size", "formula"
    );
    for (name, (n, tax, unknown, symbolic)) in rows {
        out.push_str(&format!(
            "{name:<width$}  {n:>8}  {:>12}  {unknown:>12}  {symbolic:>8}\n",
            format_bytes(tax)
        ));
    }
    out
}

pub fn render(outcome: &Outcome) -> String {
    let mut by_rule: BTreeMap<String, (usize, u64, usize, usize)> = BTreeMap::new();
    let mut by_dir: BTreeMap<String, (usize, u64, usize, usize)> = BTreeMap::new();
    let mut by_context: BTreeMap<String, (usize, u64, usize, usize)> = BTreeMap::new();
    let add = |map: &mut BTreeMap<String, (usize, u64, usize, usize)>,
               key: String,
               tax: Option<u64>,
               unknown: bool,
               symbolic: bool| {
        let e = map.entry(key).or_default();
        e.0 += 1;
        e.1 = e.1.saturating_add(tax.unwrap_or(0));
        e.2 += usize::from(unknown);
        e.3 += usize::from(unknown && symbolic);
    };
    // Directories and contexts count each site once, even when several rules flag it.
    let mut sites: BTreeMap<Site, (Option<u64>, bool, bool, &str)> = BTreeMap::new();
    for f in &outcome.findings {
        let name = rules::find(f.rule).map_or("", |r| r.name);
        let unknown = f.estimate.size_bytes.is_none();
        let symbolic = f.estimate.size_expr.is_some();
        add(
            &mut by_rule,
            format!("{} {name}", f.rule),
            f.estimate.tax_bytes,
            unknown,
            symbolic,
        );
        let site = sites
            .entry((f.path.as_str(), f.start.line, f.start.column))
            .or_insert((None, true, false, f.context));
        site.0 = site.0.max(f.estimate.tax_bytes);
        site.1 &= unknown;
        site.2 |= symbolic;
        if site.3.is_empty() {
            site.3 = f.context;
        }
    }
    for ((path, _, _), (tax, unknown, symbolic, context)) in sites {
        add(&mut by_dir, top_dir(path), tax, unknown, symbolic);
        let context = if context.is_empty() { "-" } else { context };
        add(&mut by_context, context.to_string(), tax, unknown, symbolic);
    }
    let mut out = table("rule", by_rule);
    out.push('\n');
    out.push_str(&table("directory", by_dir));
    out.push('\n');
    out.push_str(&table("context", by_context));
    out.push('\n');
    out.push_str(&super::summary::summary_line(outcome));
    out.push('\n');
    out
}
