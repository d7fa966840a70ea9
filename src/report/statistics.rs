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

/// Per key: findings, known tax, sites of unknown size, of those the ones with a formula.
/// Findings, known tax, sites of unknown size, of those with a formula, and the sites whose
/// tax is known (none: the row's tax is unknown, not 0 B).
type Row = (usize, u64, usize, usize, usize);

/// A row's known tax, or `unknown` when none of its sites has one.
fn known_tax(tax: u64, known: usize) -> String {
    if known == 0 {
        "unknown".to_string()
    } else {
        format_bytes(tax)
    }
}

/// Rows by tax, then count, then name.
fn sorted(rows: BTreeMap<String, Row>) -> Vec<(String, Row)> {
    let mut rows: Vec<(String, Row)> = rows.into_iter().collect();
    rows.sort_by(|a, b| {
        b.1.1
            .cmp(&a.1.1)
            .then(b.1.0.cmp(&a.1.0))
            .then(a.0.cmp(&b.0))
    });
    rows
}

fn table(title: &str, rows: BTreeMap<String, Row>) -> String {
    let rows = sorted(rows);
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
    for (name, (n, tax, unknown, symbolic, known)) in rows {
        out.push_str(&format!(
            "{name:<width$}  {n:>8}  {:>12}  {unknown:>12}  {symbolic:>8}\n",
            known_tax(tax, known)
        ));
    }
    out
}

/// The three tables: by rule (keyed `CODE name`), by top-level directory, by context.
struct Tables {
    by_rule: BTreeMap<String, Row>,
    by_dir: BTreeMap<String, Row>,
    by_context: BTreeMap<String, Row>,
}

fn tables(outcome: &Outcome) -> Tables {
    let mut by_rule: BTreeMap<String, Row> = BTreeMap::new();
    let mut by_dir: BTreeMap<String, Row> = BTreeMap::new();
    let mut by_context: BTreeMap<String, Row> = BTreeMap::new();
    let add = |map: &mut BTreeMap<String, Row>,
               key: String,
               tax: Option<u64>,
               unknown: bool,
               symbolic: bool| {
        let e = map.entry(key).or_default();
        e.0 += 1;
        e.1 = e.1.saturating_add(tax.unwrap_or(0));
        e.2 += usize::from(unknown);
        e.3 += usize::from(unknown && symbolic);
        e.4 += usize::from(tax.is_some());
    };
    // Directories and contexts count each site once, even when several rules flag it.
    let mut sites: BTreeMap<Site, (Option<u64>, bool, bool, &str)> = BTreeMap::new();
    for f in &outcome.findings {
        let name = rules::find(f.rule).map_or("", |r| r.name);
        let unknown = f.estimate.size_bytes.is_none();
        let symbolic = f.estimate.size_expr.is_some();
        // (A finding about no pinning call, GT900, costs nothing: 0 B is known.)
        let tax = if f.api.is_empty() {
            Some(0)
        } else {
            f.estimate.tax_bytes
        };
        add(
            &mut by_rule,
            format!("{} {name}", f.rule),
            tax,
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
    Tables {
        by_rule,
        by_dir,
        by_context,
    }
}

pub fn render(outcome: &Outcome) -> String {
    let t = tables(outcome);
    let mut out = table("rule", t.by_rule);
    out.push('\n');
    out.push_str(&table("directory", t.by_dir));
    out.push('\n');
    out.push_str(&table("context", t.by_context));
    out.push('\n');
    super::summary::push_summary(&mut out, outcome);
    out
}

/// `--statistics --format json`: `{"version": 1, "rules": [..], "directories": [..],
/// "contexts": [..], "summary": {..}}`, each list in the text tables' order.
pub fn render_json(outcome: &Outcome) -> String {
    use serde_json::{Value, json};
    let t = tables(outcome);
    let rows = |key: &str, rows: BTreeMap<String, Row>| -> Vec<Value> {
        sorted(rows)
            .into_iter()
            .map(|(name, (n, tax, unknown, formula, known))| {
                let mut row = serde_json::Map::new();
                match name.split_once(' ').filter(|_| key == "rule") {
                    Some((code, rule)) => {
                        row.insert("rule".into(), code.into());
                        row.insert("name".into(), rule.into());
                    }
                    None => {
                        row.insert(key.into(), name.into());
                    }
                }
                row.insert("findings".into(), n.into());
                // (null: none of the row's sites has a known tax.)
                row.insert(
                    "tax_bytes".into(),
                    if known == 0 { Value::Null } else { tax.into() },
                );
                row.insert("unknown_size".into(), unknown.into());
                row.insert("formula".into(), formula.into());
                Value::Object(row)
            })
            .collect()
    };
    let doc = json!({
        "version": 1,
        "rules": rows("rule", t.by_rule),
        "directories": rows("directory", t.by_dir),
        "contexts": rows("context", t.by_context),
        "summary": super::json::summary_value(outcome),
    });
    // Plain strings and numbers: serialising cannot fail.
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}
