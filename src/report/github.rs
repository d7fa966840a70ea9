//! `--format github`: one GitHub Actions workflow command per finding.

use crate::engine::Outcome;
use crate::finding::Severity;

/// Escaping for a command's message (data).
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escaping for a property value: data's, plus `:` and `,`.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

pub fn render(outcome: &Outcome) -> String {
    let mut out = String::new();
    for f in &outcome.findings {
        let command = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut props = vec![
            format!("file={}", property(&crate::platform::slashed(&f.path))),
            format!("line={}", f.start.line),
        ];
        // Columns only for a span on one line, and never an end before the start (the
        // runner silently drops such annotations).
        let one_line = f.start.line == f.end.line;
        if one_line {
            props.push(format!("col={}", f.start.column));
        }
        props.push(format!("endLine={}", f.end.line));
        if one_line && f.end.column >= f.start.column {
            props.push(format!("endColumn={}", f.end.column));
        }
        props.push(format!("title={}", property(f.rule)));
        let message = f.message_with_trace();
        out.push_str(&format!(
            "::{command} {}::{}\n",
            props.join(","),
            data(&message)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{data, property};

    #[test]
    fn escapes_what_github_requires() {
        assert_eq!(data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(property("a,b:c%\n"), "a%2Cb%3Ac%25%0A");
    }
}
