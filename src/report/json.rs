//! `--format json`: one document, `{"version": 1, "findings": [...], "summary": {...}}`.

use serde::Serialize;

use super::summary::totals;
use crate::engine::Outcome;

#[derive(Serialize)]
struct Document<'a> {
    version: u32,
    findings: Vec<JsonFinding<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    rule: &'a str,
    severity: &'a str,
    path: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
    api: &'a str,
    language: &'a str,
    size_bytes: Option<u64>,
    events: Option<u64>,
    accumulates: bool,
    ratio: f64,
    tax_bytes: Option<u64>,
    /// Where `tax_bytes` comes from: `static`, `assumed` (`--assume`) or `measured`
    /// (`--trace`: the peak live bytes × ratio); null when unknown.
    tax_source: Option<&'a str>,
    tax_bytes_per_event: Option<u64>,
    /// With `--trace`: what the trace measured at this call.
    #[serde(skip_serializing_if = "Option::is_none")]
    measured: Option<JsonMeasured>,
    /// With `--trace`, on a pinning call: whether the trace reached it.
    #[serde(skip_serializing_if = "Option::is_none")]
    reached_in_trace: Option<bool>,
    /// Served by PyTorch's pinned-memory cache: the block each buffer holds.
    cache_block_bytes: Option<u64>,
    /// A size that is not static, as a formula in bytes over the names it depends on.
    size_expr: Option<&'a str>,
    /// The tax of one buffer as a formula (`size_expr × ratio`).
    tax_expr: Option<String>,
    /// The names and run-time values the formula depends on (what `--assume` binds).
    free_names: &'a [String],
    /// The `--assume` values the figures rest on (`batch_size = 64`).
    assumed: &'a [String],
    /// Parameters bound by the constants a caller passes (`n = 1048576`).
    from_caller: &'a [String],
    /// With `--vram`: the known tax as a share of the card, and whether it reaches
    /// `--vram-share`.
    card_share: Option<f64>,
    over_vram_share: bool,
    loop_line: Option<usize>,
    context: Option<&'a str>,
    /// The evidence that decided `context`.
    context_reason: Option<&'a str>,
    /// With `--diff-base`: `new` (findings that already existed at the base are not shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline_state: Option<&'a str>,
    related: Vec<Related<'a>>,
    /// What the terminal shows as `= note:` lines: the tax's arithmetic, what other rules
    /// say of the same call, what a trace measured.
    notes: &'a [String],
    help: &'a str,
}

#[derive(Serialize)]
struct JsonMeasured {
    calls: u64,
    bytes_min: u64,
    bytes_max: u64,
    bytes_total: u64,
    peak_live_bytes: u64,
    unreleased_bytes: u64,
    seconds: f64,
    /// The trace sites joined (a line reached from two stacks is two).
    sites: usize,
    /// With the Python recorder: the entry point whose Python-level calls `calls` counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    entry: Option<String>,
    /// New pinned blocks the driver made for the calls, and their bytes, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    driver_calls: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    driver_bytes: Option<u64>,
}

#[derive(Serialize)]
struct Related<'a> {
    path: &'a str,
    line: usize,
    column: usize,
    message: &'a str,
}

#[derive(Serialize)]
struct Summary {
    findings: usize,
    files_checked: usize,
    tax_bytes_total: u64,
    unknown_size: usize,
    /// Of those, the sites whose size is a formula (`size_expr`).
    symbolic_size: usize,
    errors: usize,
    /// With `--diff-base`: the revision compared with, and the findings it already had.
    #[serde(skip_serializing_if = "Option::is_none")]
    diff_base: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pre_existing: Option<usize>,
    /// With `--trace`: of `tax_bytes_total`, what the sites priced by the trace hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    measured_tax_bytes: Option<u64>,
    /// Sites of known size in loops of unknown trip count, priced per iteration (not in
    /// `tax_bytes_total`), and their tax per iteration.
    #[serde(skip_serializing_if = "is_zero")]
    per_iteration_sites: usize,
    #[serde(skip_serializing_if = "is_zero")]
    tax_bytes_per_iteration: u64,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// The `summary` object, which `--statistics --format json` shares.
fn summary(outcome: &Outcome) -> Summary {
    let t = totals(outcome);
    Summary {
        findings: t.findings,
        files_checked: outcome.files_checked,
        tax_bytes_total: t.tax_bytes_total,
        unknown_size: t.unknown_size,
        symbolic_size: t.symbolic,
        errors: outcome.errors.len(),
        diff_base: outcome.compared.as_ref().map(|c| c.rev.clone()),
        pre_existing: outcome.compared.as_ref().map(|c| c.hidden),
        measured_tax_bytes: outcome.traced.then_some(t.measured_tax_bytes),
        per_iteration_sites: t.per_iteration,
        tax_bytes_per_iteration: t.per_iteration_bytes,
    }
}

/// The run's summary as a JSON value.
pub(super) fn summary_value(outcome: &Outcome) -> serde_json::Value {
    serde_json::to_value(summary(outcome)).unwrap_or_default()
}

pub fn render(outcome: &Outcome) -> String {
    let doc = Document {
        version: 1,
        findings: outcome
            .findings()
            .map(|f| JsonFinding {
                rule: f.rule,
                severity: f.severity.name(),
                path: &f.path,
                line: f.start.line,
                column: f.start.column,
                end_line: f.end.line,
                end_column: f.end.column,
                message: &f.message,
                api: &f.api,
                language: f.language.name(),
                size_bytes: f.estimate.size_bytes,
                events: f.estimate.events,
                accumulates: f.estimate.accumulates,
                ratio: f.estimate.ratio,
                tax_bytes: f.estimate.tax_bytes,
                tax_source: f.tax_source(),
                measured: f.measured.as_ref().map(|m| JsonMeasured {
                    calls: m.calls,
                    bytes_min: m.bytes_min,
                    bytes_max: m.bytes_max,
                    bytes_total: m.bytes_total,
                    peak_live_bytes: m.peak_live_bytes,
                    unreleased_bytes: m.unreleased_bytes,
                    // (Microseconds: the clock's noise need not reach the report.)
                    seconds: (m.seconds * 1e6).round() / 1e6,
                    sites: m.sites,
                    entry: m.entry.clone(),
                    driver_calls: m.driver_calls,
                    driver_bytes: m.driver_bytes,
                }),
                reached_in_trace: f.reached,
                tax_bytes_per_event: f.estimate.tax_bytes_per_event,
                cache_block_bytes: f.estimate.block_bytes,
                size_expr: f.estimate.size_expr.as_deref(),
                tax_expr: f.estimate.tax_expr(),
                free_names: &f.estimate.free_names,
                assumed: &f.estimate.assumed,
                from_caller: &f.estimate.from_caller,
                card_share: f.estimate.card_share,
                over_vram_share: f.estimate.over_share,
                loop_line: f.loop_line,
                context: (!f.context.is_empty()).then_some(f.context),
                context_reason: (!f.reason.is_empty()).then_some(f.reason.as_str()),
                baseline_state: outcome.compared.as_ref().map(|_| "new"),
                related: f
                    .labels
                    .iter()
                    .map(|l| Related {
                        path: &l.path,
                        line: l.start.line,
                        column: l.start.column,
                        message: &l.message,
                    })
                    .collect(),
                notes: &f.notes,
                help: &f.help,
            })
            .collect(),
        summary: summary(outcome),
    };
    // Serialising plain structs of strings and numbers cannot fail.
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}
