//! `--format concise`: exactly one line per finding.

use super::summary::sanitize;
use crate::engine::Outcome;

pub fn render(outcome: &Outcome) -> String {
    let mut out = String::new();
    for f in outcome.findings() {
        out.push_str(&format!(
            "{}:{}:{}: {} {}\n",
            sanitize(&f.path),
            f.start.line,
            f.start.column,
            f.rule,
            sanitize(&f.message)
        ));
    }
    out
}
