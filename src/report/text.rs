//! The default terminal output: codespan-reporting diagnostics, then a summary line.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity as CsSeverity};
use std::collections::HashMap;

use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::termcolor::Buffer;
use codespan_reporting::term::{self, Config, Styles, StylesWriter};

use super::summary::sanitize;
use crate::engine::Outcome;
use crate::finding::{Finding, Severity};

pub fn render(outcome: &Outcome, color: bool) -> String {
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = Config::default();
    let styles = Styles::default();
    let mut files = SimpleFiles::new();
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut paths: Vec<&String> = outcome.sources.keys().collect();
    paths.sort();
    for path in paths {
        let text = outcome.sources[path].as_str();
        ids.insert(path.as_str(), files.add(sanitize(path), text));
    }
    for f in &outcome.findings {
        if let Some(diagnostic) = to_diagnostic(f, &ids, &outcome.sources) {
            let mut writer = StylesWriter::new(&mut buffer, &styles);
            // Spans come from the same texts, so rendering cannot miss a file.
            let _ = term::emit_to_write_style(&mut writer, &config, &files, &diagnostic);
        }
    }
    let mut out = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    super::summary::push_summary(&mut out, outcome);
    out
}

/// Lines longer than this are not shown under a finding: the terminal report would repeat
/// the whole line under each finding on it (1,846 findings on a 59 KB line made 218 MB).
const LONG_LINE: usize = 2_000;

/// Is the line holding byte `at` of `path`'s text longer than `LONG_LINE`?
fn on_long_line(sources: &HashMap<String, String>, path: &str, at: usize) -> bool {
    let Some(text) = sources.get(path) else {
        return false;
    };
    let at = at.min(text.len());
    let bytes = text.as_bytes();
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| at + i);
    end - start > LONG_LINE
}

fn to_diagnostic(
    f: &Finding,
    ids: &HashMap<&str, usize>,
    sources: &HashMap<String, String>,
) -> Option<Diagnostic<usize>> {
    let file = *ids.get(f.path.as_str())?;
    let severity = match f.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Info => CsSeverity::Note,
    };
    let mut notes = Vec::new();
    let mut labels = Vec::new();
    if on_long_line(sources, &f.path, f.span.start) {
        notes.push(format!(
            "at {}:{}:{}: {} (a line over {LONG_LINE} bytes, not shown)",
            sanitize(&f.path),
            f.start.line,
            f.start.column,
            f.label
        ));
    } else {
        labels.push(Label::primary(file, f.span.start..f.span.end).with_message(&f.label));
    }
    for l in &f.labels {
        let Some(&id) = ids.get(l.path.as_str()) else {
            continue;
        };
        if on_long_line(sources, &l.path, l.span.start) {
            notes.push(format!(
                "{}:{}:{}: {}",
                sanitize(&l.path),
                l.start.line,
                l.start.column,
                l.message
            ));
        } else {
            labels.push(Label::secondary(id, l.span.start..l.span.end).with_message(&l.message));
        }
    }
    notes.extend(f.notes.iter().cloned());
    notes.push(format!("help: {}", f.help));
    Some(
        Diagnostic::new(severity)
            .with_code(f.rule)
            .with_message(&f.message)
            .with_labels(labels)
            .with_notes(notes),
    )
}
