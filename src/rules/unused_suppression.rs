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

/// A finding of the code a suppression names, reported elsewhere: the comment could have
/// meant it (GT304 is reported at the registration, not at the early `return` that skips
/// the release).
pub struct Meant<'a> {
    /// The line the finding is reported at.
    pub line: usize,
    /// The flagged call's API (`cudaHostRegister`), empty when it has none.
    pub api: &'a str,
}

/// A finding on a suppression comment. `code` is the unused code, or `None` for a bare
/// `ghosttax: ignore`; `known` is false for a code no rule has; `meant` is a finding of
/// that code nearby, on another line.
pub fn finding(
    language: Language,
    span: Span,
    (start, end): (Position, Position),
    code: Option<&str>,
    known: bool,
    meant: Option<Meant>,
) -> Finding {
    let mut help = "remove the comment (or the stale code from its list)".to_string();
    let message = match (code, known, meant) {
        (Some(c), false, _) => format!("suppression names `{c}`, which is not a ghosttax rule"),
        (Some(c), true, Some(m)) => {
            help = format!("move the comment to line {} (or remove it)", m.line);
            let call = if m.api.is_empty() {
                String::new()
            } else {
                format!(", on the `{}` call", m.api)
            };
            format!(
                "unused suppression: no {c} finding on line {}; {c} is reported at line {}{call}: \
                 put the comment there",
                start.line, m.line
            )
        }
        (Some(c), true, None) => format!("unused suppression: no {c} finding here"),
        (None, _, _) => "unused suppression: no finding here".to_string(),
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
        help,
        function: String::new(),
        snippet: code.unwrap_or("*").to_string(),
        small: false,
        broken: false,
        context: "",
        reason: String::new(),
        measured: None,
        reached: None,
        site: None,
    }
}
