//! `--format concise`: exactly one line per finding, `path:line:col: CODE severity: message`,
//! then the summary line, as `text` ends.

use super::summary::sanitize;
use crate::engine::Outcome;

pub fn render(outcome: &Outcome) -> String {
    let mut out = String::new();
    for f in outcome.findings() {
        out.push_str(&format!(
            "{}:{}:{}: {} {}: {}\n",
            sanitize(&f.path),
            f.start.line,
            f.start.column,
            f.rule,
            f.severity.name(),
            sanitize(&f.message)
        ));
    }
    super::summary::push_summary(&mut out, outcome);
    out
}
