//! The run's totals and the sentences every format shares (the summary line, the
//! comparison with a base revision), and the escaping of what reaches a terminal.

use std::collections::HashMap;

use crate::engine::Outcome;
use crate::finding::Severity;
use crate::tax::format_bytes;
pub use crate::tax::plural;

/// Totals over all findings.
pub struct Totals {
    pub findings: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    pub files_with_findings: usize,
    pub tax_bytes_total: u64,
    pub unknown_size: usize,
    /// Of the sites of unknown size, those whose size is known as a formula
    /// (`n × 8`, `nbytes(x)`).
    pub symbolic: usize,
    /// Of `tax_bytes_total`, what sites priced by a trace's measurement hold.
    pub measured_tax_bytes: u64,
    /// Sites of known size that add up over a loop whose trip count is unknown: priced per
    /// iteration, not in `tax_bytes_total` (and their tax per iteration, summed).
    pub per_iteration: usize,
    pub per_iteration_bytes: u64,
}

pub fn totals(outcome: &Outcome) -> Totals {
    let mut t = Totals {
        findings: 0,
        errors: 0,
        warnings: 0,
        infos: 0,
        files_with_findings: outcome
            .findings
            .iter()
            .map(|f| f.path.as_str())
            .collect::<std::collections::HashSet<_>>()
            .len(),
        tax_bytes_total: 0,
        unknown_size: 0,
        symbolic: 0,
        measured_tax_bytes: 0,
        per_iteration: 0,
        per_iteration_bytes: 0,
    };
    // A site flagged by two rules (GT101 and GT203, say) is one cost: count it once.
    // (path, line, column) → (tax, size unknown, size a formula, priced by a trace, tax per
    // iteration).
    type Site<'a> = (&'a str, usize, usize);
    type Cost = (Option<u64>, bool, bool, bool, Option<u64>);
    let mut sites: HashMap<Site, Cost> = HashMap::new();
    for f in outcome.findings() {
        t.findings += 1;
        match f.severity {
            Severity::Error => t.errors += 1,
            Severity::Warning => t.warnings += 1,
            Severity::Info => t.infos += 1,
        }
        // Findings that are not about a pinning call (GT900) have no tax to add up.
        if f.api.is_empty() {
            continue;
        }
        let site = sites
            .entry((f.path.as_str(), f.start.line, f.start.column))
            .or_insert((None, true, false, false, None));
        if f.estimate.tax_bytes > site.0 {
            site.0 = f.estimate.tax_bytes;
            site.3 = f.estimate.measured;
        }
        // A size the code leaves open is known once a trace measured it.
        site.1 &= f.estimate.size_bytes.is_none() && !f.estimate.measured;
        site.2 |= f.estimate.size_expr.is_some();
        site.4 = site.4.max(f.estimate.tax_bytes_per_event);
    }
    for (tax, unknown, symbolic, measured, per_event) in sites.values() {
        if let (None, false, Some(each)) = (tax, unknown, per_event) {
            t.per_iteration += 1;
            t.per_iteration_bytes = t.per_iteration_bytes.saturating_add(*each);
        }
        t.tax_bytes_total = t.tax_bytes_total.saturating_add(tax.unwrap_or(0));
        if *measured {
            t.measured_tax_bytes = t.measured_tax_bytes.saturating_add(tax.unwrap_or(0));
        }
        t.unknown_size += usize::from(*unknown);
        t.symbolic += usize::from(*unknown && *symbolic);
    }
    t
}

/// Whether a path named on the command line could not be checked: then no line says that
/// all is well (the error is on stderr).
pub fn incomplete(outcome: &Outcome) -> bool {
    outcome.errors.iter().any(|e| e.explicit)
}

/// What a document (Markdown, HTML) says when there is nothing to show.
pub fn nothing_found(outcome: &Outcome) -> String {
    let files = plural(outcome.files_checked, "file", "files");
    let failed = outcome.errors.iter().filter(|e| e.explicit).count();
    if failed > 0 {
        format!(
            "No findings in the {files} checked, but {} could not be read: the check is \
             incomplete.",
            plural(failed, "named path", "named paths")
        )
    } else {
        format!("No pinned-memory problems found ({files} checked).")
    }
}

/// The one-line summary after the findings; empty when there are none because a named
/// path could not be checked.
pub fn summary_line(outcome: &Outcome) -> String {
    if outcome.findings.is_empty() && incomplete(outcome) {
        return String::new();
    }
    match &outcome.compared {
        Some(c) => format!("{} {}", compared_line(c, outcome), totals_line(outcome)),
        None => totals_line(outcome),
    }
}

/// The summary line and its newline, when there is one.
pub fn push_summary(out: &mut String, outcome: &Outcome) {
    let line = summary_line(outcome);
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
}

/// "2 new findings since `origin/main` (5 pre-existing not shown)."
pub fn compared_line(c: &crate::engine::Compared, outcome: &Outcome) -> String {
    format!(
        "{} new since `{}` ({} pre-existing not shown).",
        plural(outcome.findings.len(), "finding", "findings"),
        sanitize(&c.rev),
        c.hidden
    )
}

fn totals_line(outcome: &Outcome) -> String {
    let t = totals(outcome);
    let files = plural(outcome.files_checked, "file", "files");
    if t.findings == 0 {
        return format!("No pinned-memory problems found ({files} checked).");
    }
    let mut parts = Vec::new();
    for (n, one, many) in [
        (t.errors, "error", "errors"),
        (t.warnings, "warning", "warnings"),
        (t.infos, "info", "infos"),
    ] {
        if n > 0 {
            parts.push(plural(n, one, many));
        }
    }
    let unknown_sites = if t.symbolic > 0 {
        format!(
            "{} of unknown size, {} of them as a formula",
            plural(t.unknown_size, "site", "sites"),
            t.symbolic
        )
    } else {
        format!(
            "{} of unknown size",
            plural(t.unknown_size, "site", "sites")
        )
    };
    let unknown = if t.unknown_size > 0 {
        format!("; {unknown_sites}")
    } else {
        String::new()
    };
    let share = match outcome.vram {
        Some(vram) if vram > 0 => {
            // Sites, not findings: two rules on one call are one site.
            let mut marked: Vec<(&str, crate::source::Position)> = outcome
                .findings
                .iter()
                .filter(|f| f.estimate.over_share)
                .map(|f| (f.path.as_str(), f.start))
                .collect();
            marked.sort();
            marked.dedup();
            let marked = if marked.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} at or over the {} mark",
                    plural(marked.len(), "site", "sites"),
                    crate::tax::format_percent(outcome.vram_share)
                )
            };
            format!(
                " ({} of {}{marked})",
                crate::tax::format_share(t.tax_bytes_total, vram),
                format_bytes(vram)
            )
        }
        _ => String::new(),
    };
    let found = format!(
        "Found {} in {} ({files} checked).",
        parts.join(", "),
        plural(t.files_with_findings, "file", "files"),
    );
    if t.tax_bytes_total == 0 && (t.unknown_size > 0 || t.per_iteration > 0) {
        return format!("{found} {}", tax_sentence(&t));
    }
    let per_iteration = (t.per_iteration > 0).then(|| {
        format!(
            "≈ {} per iteration at {} whose loop's trip count is unknown",
            format_bytes(t.per_iteration_bytes),
            plural(t.per_iteration, "site", "sites")
        )
    });
    let unknown = match &per_iteration {
        Some(p) => format!("; {p}{unknown}"),
        None => unknown,
    };
    let measured = if t.measured_tax_bytes > 0 {
        format!(" ({} of it measured)", format_bytes(t.measured_tax_bytes))
    } else {
        String::new()
    };
    format!(
        "{found} Estimated VRAM tax under WDDM: ≈ {}{share} known{measured}{unknown}.",
        format_bytes(t.tax_bytes_total),
    )
}

/// Escape control characters (and so ANSI escape sequences) from file names and messages
/// before they reach a terminal or CI log.
pub fn sanitize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The tax sentence when no site's total is known: what is, rather than "≈ 0 B" (sites priced
/// per iteration of a loop whose trip count is unknown, sites of unknown size).
pub fn tax_sentence(t: &Totals) -> String {
    let mut known = Vec::new();
    if t.per_iteration > 0 {
        known.push(format!(
            "≈ {} per iteration at {} whose loop's trip count is unknown",
            format_bytes(t.per_iteration_bytes),
            plural(t.per_iteration, "site", "sites")
        ));
    }
    if t.unknown_size > 0 {
        let formula = if t.symbolic > 0 {
            format!(", {} of them as a formula", t.symbolic)
        } else {
            String::new()
        };
        known.push(format!(
            "{} of unknown size{formula}",
            plural(t.unknown_size, "site", "sites")
        ));
    }
    if t.per_iteration > 0 {
        format!("Estimated VRAM tax under WDDM: {}.", known.join("; "))
    } else {
        format!(
            "Estimated VRAM tax under WDDM: unknown ({}).",
            known.join("; ")
        )
    }
}
