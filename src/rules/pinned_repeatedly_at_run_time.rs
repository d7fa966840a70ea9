//! GT401 pinned-repeatedly-at-run-time: what static analysis missed, seen in a trace.

use super::message::{measured_note, thousands};
use super::meta::{Applies, RuleInfo};
use crate::analysis::view::Settings;
use crate::finding::{Finding, Severity};
use crate::model::{Language, Span};
use crate::source::Position;
use crate::tax::{Estimate, format_bytes};
use crate::tracefile::{Frame, Site};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT401",
    name: "pinned-repeatedly-at-run-time",
    severity: Severity::Warning,
    summary: "a call site that a trace saw pin many times, or pile up pinned memory, that \
              no static finding covers (needs `check --trace FILE`)",
    doc: include_str!("pinned_repeatedly_at_run_time.md"),
    // On whenever `--trace` is given; without a trace there is nothing to read.
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

/// Frames shown in the message's stack.
const STACK_FRAMES: usize = 6;

/// A trace site no static finding covers: reported when it pinned at least
/// `trace_min_calls` times, or pinned more than once and left at least
/// `trace_min_unreleased` bytes pinned. `seen` is the static analysis' view of the call
/// when it listed it without flagging it (GT100's context and evidence).
pub fn check(site: &Site, settings: &Settings, seen: Option<(&str, &str)>) -> Option<Finding> {
    if site.kind != "pin" || site.calls == 0 {
        return None;
    }
    let repeated = site.calls >= settings.trace_min_calls.max(1);
    let piles_up = site.calls > 1 && site.unreleased_bytes >= settings.trace_min_unreleased.max(1);
    if !(repeated || piles_up) {
        return None;
    }
    let register = site.api.contains("Register");
    let ratio = if register {
        settings.ratios.register
    } else {
        settings.ratios.alloc
    };
    let measured = crate::analysis::measured::of_site(site);
    let mut estimate = Estimate::new(
        None,
        Some(site.calls),
        site.unreleased_bytes > 0,
        None,
        ratio,
    );
    estimate.price_measured(site.peak_live_bytes);
    estimate.share_card(settings.vram, settings.vram_share);
    let verb = if register { "registered" } else { "pinned" };
    let why = match (repeated, piles_up) {
        (true, true) => format!(
            "{verb} {} times at run time and left {} pinned",
            thousands(site.calls),
            format_bytes(site.unreleased_bytes)
        ),
        (true, false) => format!("{verb} {} times at run time", thousands(site.calls)),
        _ => format!(
            "{verb} {} times at run time and never released {}",
            thousands(site.calls),
            format_bytes(site.unreleased_bytes)
        ),
    };
    let missed = match seen {
        Some((context, reason)) if !reason.is_empty() => {
            format!("static analysis listed it as `{context}` ({reason}) and did not flag it")
        }
        Some((context, _)) => {
            format!("static analysis listed it as `{context}` and did not flag it")
        }
        None => "static analysis did not flag it".to_string(),
    };
    // The Python frames say where; under them, one native frame says what pinned (the
    // allocator); a native program's frames are all of the story.
    let python: Vec<&Frame> = site.stack.iter().filter(|f| f.kind == "python").collect();
    let native = site.stack.iter().filter(|f| f.kind != "python");
    let stack: Vec<String> = if python.is_empty() {
        native.take(STACK_FRAMES).map(frame).collect()
    } else {
        let shown = python.len().min(STACK_FRAMES - 1);
        python[..shown]
            .iter()
            .copied()
            .chain(native.take(1))
            .map(frame)
            .collect()
    };
    let mut notes = vec![measured_note(&measured, ratio)];
    if !stack.is_empty() {
        notes.push(format!("stack: {}", stack.join(" ← ")));
    }
    Some(Finding {
        rule: RULE.code,
        severity: RULE.severity,
        file: 0,
        path: String::new(),
        language: Language::Python,
        span: Span { start: 0, end: 0 },
        start: Position { line: 0, column: 0 },
        end: Position { line: 0, column: 0 },
        message: format!("`{}` {why}: {missed}", site.api),
        label: format!("{verb} {} times at run time", thousands(site.calls)),
        api: site.api.clone(),
        estimate,
        loop_line: None,
        labels: Vec::new(),
        notes,
        help: "pin once: allocate one long-lived pinned buffer (or pool) at start-up and \
               reuse it, copying each batch into it; release what you pin"
            .into(),
        function: site.function.clone().unwrap_or_default(),
        // The engine puts the source line here when it can read it (the fingerprint).
        snippet: site.api.clone(),
        small: false,
        context: "",
        reason: String::new(),
        broken: false,
        measured: Some(measured),
        reached: Some(true),
        site: None,
    })
}

/// `train.py:60 in by_name`; a native frame without a source line by its symbol and
/// module: `allocate(unsigned long)+0x14b (libtorch_cuda.so)`, else `libfoo.so+0x1a2b`.
fn frame(f: &Frame) -> String {
    let module = f
        .module
        .as_deref()
        .map(|m| m.rsplit(['/', '\\']).next().unwrap_or(m));
    match (&f.path, f.line, &f.function) {
        (Some(p), Some(l), Some(func)) => format!("{p}:{l} in {func}"),
        (Some(p), Some(l), None) => format!("{p}:{l}"),
        (_, _, Some(func)) => match module {
            Some(m) => format!("{func} ({m})"),
            None => func.clone(),
        },
        (Some(p), None, None) => p.clone(),
        (None, _, None) => match (module, &f.offset) {
            (Some(m), Some(o)) => format!("{m}+{o}"),
            (Some(m), None) => m.to_string(),
            _ => "?".to_string(),
        },
    }
}
