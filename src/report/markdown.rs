//! `--format markdown`: a report for `$GITHUB_STEP_SUMMARY` or a pull-request comment.

use std::collections::BTreeMap;

use super::summary::{plural, totals};
use crate::engine::Outcome;
use crate::finding::Finding;
use crate::rules;
use crate::tax::format_bytes;

/// Table cells: no line breaks, no column separators, no stray markup.
fn cell(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\r', '\n'], " ")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn link(f: &Finding) -> String {
    // The text as shown; the link target with `/` whatever the platform.
    let shown = f.path.trim_start_matches("./");
    let path = crate::platform::slashed(&f.path);
    format!(
        "[{}:{}]({}#L{})",
        cell(shown),
        f.start.line,
        path.replace(' ', "%20")
            .replace('(', "%28")
            .replace(')', "%29"),
        f.start.line
    )
}

fn tax(f: &Finding) -> String {
    match (f.estimate.tax_bytes, f.estimate.tax_bytes_per_event) {
        // At or over `--vram-share` of the card: bold, with its share.
        (Some(t), _) if f.estimate.over_share => format!(
            "**{}** ({} of the card)",
            format_bytes(t),
            crate::tax::format_percent(f.estimate.card_share.unwrap_or_default())
        ),
        (Some(t), _) if f.estimate.measured => format!("{} measured", format_bytes(t)),
        (Some(t), _) => format_bytes(t),
        (None, Some(p)) => format!("{} each", format_bytes(p)),
        _ => "unknown".into(),
    }
}

pub fn render(outcome: &Outcome) -> String {
    let t = totals(outcome);
    let mut out = String::from("## ghosttax\n\n");
    if let Some(c) = &outcome.compared {
        out.push_str(&format!(
            "{}\n\n",
            super::summary::compared_line(c, outcome)
        ));
    }
    if t.findings == 0 {
        out.push_str(&super::summary::nothing_found(outcome));
        out.push('\n');
        return out;
    }
    // Nothing known to add up: the shared summary says what is known, rather than "≈ 0 B".
    if t.tax_bytes_total == 0 && (t.unknown_size > 0 || t.per_iteration > 0) {
        out.push_str(&format!(
            "**{}** in {} ({} checked). {}\n\n",
            plural(t.findings, "finding", "findings"),
            plural(t.files_with_findings, "file", "files"),
            plural(outcome.files_checked, "file", "files"),
            super::summary::tax_sentence(&t),
        ));
    } else {
        out.push_str(&format!(
            "**{}** in {} ({} checked). Estimated VRAM tax under WDDM: **≈ {}** known{}{}.\n\n",
            plural(t.findings, "finding", "findings"),
            plural(t.files_with_findings, "file", "files"),
            plural(outcome.files_checked, "file", "files"),
            format_bytes(t.tax_bytes_total),
            if t.measured_tax_bytes > 0 {
                format!(" ({} of it measured)", format_bytes(t.measured_tax_bytes))
            } else {
                String::new()
            },
            if t.unknown_size > 0 {
                format!(
                    ", {} of unknown size",
                    plural(t.unknown_size, "site", "sites")
                )
            } else {
                String::new()
            }
        ));
    }
    let mut by_rule: BTreeMap<&str, Vec<&Finding>> = BTreeMap::new();
    for f in &outcome.findings {
        by_rule.entry(f.rule).or_default().push(f);
    }
    out.push_str("| rule | name | findings | known tax |\n|---|---|---:|---:|\n");
    for (code, list) in &by_rule {
        let name = rules::find(code).map_or("", |r| r.name);
        // Saturating, as the summary's totals: taxes of EiB add up past u64.
        let sum = list
            .iter()
            .filter_map(|f| f.estimate.tax_bytes)
            .fold(0u64, u64::saturating_add);
        let known = list
            .iter()
            .any(|f| f.estimate.tax_bytes.is_some() || f.api.is_empty());
        out.push_str(&format!(
            "| {code} | {name} | {} | {} |\n",
            list.len(),
            if known {
                format_bytes(sum)
            } else {
                "unknown".to_string()
            }
        ));
    }
    for (code, list) in &by_rule {
        let name = rules::find(code).map_or("", |r| r.name);
        out.push_str(&format!(
            "\n### {code} {name}\n\n| location | message | VRAM tax |\n|---|---|---:|\n"
        ));
        for f in list {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                link(f),
                cell(&f.message_with_trace()),
                tax(f)
            ));
        }
    }
    let mut top: Vec<&Finding> = outcome
        .findings
        .iter()
        .filter(|f| f.estimate.tax_bytes.is_some())
        .collect();
    top.sort_by(|a, b| {
        b.estimate
            .tax_bytes
            .cmp(&a.estimate.tax_bytes)
            .then((&a.path, a.start).cmp(&(&b.path, b.start)))
    });
    top.truncate(20);
    if !top.is_empty() {
        out.push_str(
            "\n### Top sites by VRAM tax\n\n| location | rule | VRAM tax |\n|---|---|---:|\n",
        );
        for f in top {
            out.push_str(&format!("| {} | {} | {} |\n", link(f), f.rule, tax(f)));
        }
    }
    if t.tax_bytes_total == 0 && (t.unknown_size > 0 || t.per_iteration > 0) {
        out.push_str(&format!("\n**{}**\n", super::summary::tax_sentence(&t)));
    } else {
        out.push_str(&format!(
            "\n**Total estimated VRAM tax under WDDM: ≈ {}**\n",
            format_bytes(t.tax_bytes_total)
        ));
    }
    out
}
