//! What a rule reports. Reporters format these and know nothing of syntax.

use crate::model::{Language, Span};
use crate::source::Position;
use crate::tax::Estimate;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A secondary location: the loop header that repeats the call, a call on a chain.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Label {
    /// The file, as an index into the run's files; `None` is the finding's own file.
    pub file: Option<usize>,
    pub span: Span,
    pub message: String,
    /// The header of a loop that repeats the finding (its line is `loop_line`).
    pub is_loop: bool,
    /// Filled in by the engine.
    pub path: String,
    pub start: Position,
}

impl Label {
    pub fn new(file: Option<usize>, span: Span, message: String, is_loop: bool) -> Label {
        Label {
            file,
            span,
            message,
            is_loop,
            path: String::new(),
            start: Position { line: 0, column: 0 },
        }
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    /// (Not serialised: the cache stores it beside the finding, `engine::cache`.)
    #[serde(skip)]
    pub rule: &'static str,
    pub severity: Severity,
    /// The file, as an index into the run's files (set by the engine for per-file rules).
    pub file: usize,
    /// Filled in by the engine, like the positions.
    pub path: String,
    pub language: Language,
    pub span: Span,
    pub start: Position,
    /// Exclusive: the position just after the flagged call.
    pub end: Position,
    pub message: String,
    /// The short text on the flagged call in the terminal.
    pub label: String,
    pub api: String,
    pub estimate: Estimate,
    pub loop_line: Option<usize>,
    pub labels: Vec<Label>,
    /// Shown as `= note:` lines in the terminal.
    pub notes: Vec<String>,
    /// The fix.
    pub help: String,
    /// Where the site runs: `hot-loop`, `per-batch`, `call-in-loop`, `setup`,
    /// `guarded-once` or `once` (empty for findings that are not about a pinning site).
    /// (Not serialised: the cache stores it beside the finding, `engine::cache`.)
    #[serde(skip)]
    pub context: &'static str,
    /// The evidence that decided `context` ("setup: only called from `Pool::init`").
    pub reason: String,
    /// The enclosing function (`<module>` at top level): part of the baseline fingerprint.
    pub function: String,
    /// The flagged call's text without whitespace (filled in by the engine).
    pub snippet: String,
    /// The buffer is bookkeeping: a few scalars per device, stream or process. A leak of
    /// it matters only where something repeats it.
    pub small: bool,
    /// Ownership is broken (a buffer freed while still registered, a member its class's
    /// tear-down forgets): a bug, reported in every context, not a cost that needs one.
    pub broken: bool,
    /// With `check --trace`: what the trace measured at this call (`None`: no trace, not a
    /// pinning call, or not reached).
    pub measured: Option<Measured>,
    /// With `check --trace`, for a pinning call: whether the trace reached it.
    pub reached: Option<bool>,
    /// The pinning call this finding is about, (file, call start), when it is reported
    /// elsewhere: at the call of a wrapper that pins for its caller. Its context is that
    /// call's.
    pub site: Option<(usize, usize)>,
}

/// What a trace measured at one call: the figures of the trace sites joined to it, summed
/// (a line reached from two stacks is two sites).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Measured {
    pub calls: u64,
    /// Over successful calls: the smallest and largest request, and all bytes pinned.
    pub bytes_min: u64,
    pub bytes_max: u64,
    pub bytes_total: u64,
    /// Most bytes pinned at once (summed over the sites and processes).
    pub peak_live_bytes: u64,
    /// Bytes still pinned when the processes ended.
    pub unreleased_bytes: u64,
    /// Time spent inside the calls.
    pub seconds: f64,
    /// The trace sites joined.
    pub sites: usize,
    /// Where the Python recorder saw the calls: `calls` are Python-level calls, and this
    /// is the entry point (`torch.Tensor.pin_memory`).
    pub entry: Option<String>,
    /// New pinned blocks the driver made for those calls (a caching allocator served the
    /// rest), and their bytes, when the trace knows them.
    pub driver_calls: Option<u64>,
    pub driver_bytes: Option<u64>,
}

impl Measured {
    /// Fold another site's figures in.
    pub fn add(&mut self, other: &Measured) {
        self.bytes_min = if self.sites == 0 {
            other.bytes_min
        } else {
            self.bytes_min.min(other.bytes_min)
        };
        self.bytes_max = self.bytes_max.max(other.bytes_max);
        self.calls = self.calls.saturating_add(other.calls);
        self.bytes_total = self.bytes_total.saturating_add(other.bytes_total);
        self.peak_live_bytes = self.peak_live_bytes.saturating_add(other.peak_live_bytes);
        self.unreleased_bytes = self.unreleased_bytes.saturating_add(other.unreleased_bytes);
        self.seconds += other.seconds;
        self.sites += other.sites;
        if self.entry.is_none() {
            self.entry = other.entry.clone();
        }
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0).saturating_add(b.unwrap_or(0))),
        };
        self.driver_calls = sum(self.driver_calls, other.driver_calls);
        self.driver_bytes = sum(self.driver_bytes, other.driver_bytes);
    }
}

impl Finding {
    /// With `check --trace`: the note that says what the trace measured at this call, or
    /// that it never reached it (the formats without notes append it to the message).
    pub fn trace_note(&self) -> Option<&str> {
        self.reached?;
        self.notes
            .iter()
            .rev()
            .find(|n| n.starts_with("measured: ") || n.starts_with("not reached in the trace"))
            .map(String::as_str)
    }

    /// The message with the trace's note, for the formats that show no notes (SARIF,
    /// GitHub annotations, Markdown).
    pub fn message_with_trace(&self) -> std::borrow::Cow<'_, str> {
        match self.trace_note() {
            Some(n) => format!("{} ({n})", self.message).into(),
            None => self.message.as_str().into(),
        }
    }

    /// Where `estimate.tax_bytes` comes from: `static` (the code says), `assumed` (an
    /// `--assume` value), `measured` (a trace's peak live bytes); `None` when unknown.
    pub fn tax_source(&self) -> Option<&'static str> {
        self.estimate.tax_bytes?;
        Some(if self.estimate.measured {
            "measured"
        } else if self.estimate.assumed.is_empty() {
            "static"
        } else {
            "assumed"
        })
    }

    /// A fingerprint that survives edits elsewhere in the file: rule, path, enclosing
    /// function and the flagged call's text; not the line.
    pub fn fingerprint(&self) -> String {
        fingerprint(self.rule, &self.path, &self.function, &self.snippet)
    }
}

/// The fingerprint of a finding's rule, path, enclosing function and call text. The path is
/// hashed in its portable form (`/`, no `./`: `crate::platform::portable`), so `check` and
/// `check .` agree, and so do Windows and Linux.
pub fn fingerprint(rule: &str, path: &str, function: &str, call: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in [rule, &crate::platform::portable(path), function, call] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    h.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
