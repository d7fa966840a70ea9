//! What a rule reports. Reporters format these and know nothing of syntax.

use crate::model::{Language, Span};
use crate::source::Position;
use crate::tax::Estimate;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
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

/// A secondary location: the loop header that repeats the call, an outer loop.
#[derive(Clone, Debug)]
pub struct Label {
    pub span: Span,
    pub start: Position,
    pub message: String,
}

#[derive(Clone, Debug)]
pub struct Finding {
    pub rule: &'static str,
    pub severity: Severity,
    pub path: String,
    pub language: Language,
    pub span: Span,
    pub start: Position,
    /// Exclusive: the position just after the flagged call.
    pub end: Position,
    pub message: String,
    pub api: String,
    pub estimate: Estimate,
    pub loop_line: Option<usize>,
    pub labels: Vec<Label>,
    /// Shown as `= note:` lines in the terminal.
    pub notes: Vec<String>,
    /// The fix.
    pub help: String,
}
