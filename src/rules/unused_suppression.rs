//! GT900 unused-suppression.

use super::meta::{Applies, RuleInfo};
use crate::finding::{Finding, Severity};
use crate::model::{Language, Span};
use crate::source::Position;
use crate::tax::Estimate;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT900",
    name: "unused-suppression",
    severity: Severity::Warning,
    summary: "a `ghosttax: ignore` comment that suppressed nothing",
    doc: include_str!("unused_suppression.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

/// A finding on a suppression comment. `code` is the unused code, or `None` for a bare
/// `ghosttax: ignore`; `known` is false for a code no rule has.
pub fn finding(
    language: Language,
    span: Span,
    start: Position,
    end: Position,
    code: Option<&str>,
    known: bool,
) -> Finding {
    let message = match (code, known) {
        (Some(c), false) => format!("suppression names `{c}`, which is not a ghosttax rule"),
        (Some(c), true) => format!("unused suppression: no {c} finding here"),
        (None, _) => "unused suppression: no finding here".to_string(),
    };
    Finding {
        rule: RULE.code,
        severity: RULE.severity,
        file: 0,
        path: String::new(),
        language,
        span,
        start,
        end,
        message,
        label: "suppresses nothing".into(),
        api: String::new(),
        estimate: Estimate::new(None, None, false, None, 0.0),
        loop_line: None,
        labels: Vec::new(),
        notes: Vec::new(),
        help: "remove the comment (or the stale code from its list)".into(),
        function: String::new(),
        snippet: code.unwrap_or("*").to_string(),
        small: false,
        broken: false,
        context: "",
        reason: String::new(),
        measured: None,
        reached: None,
    }
}
