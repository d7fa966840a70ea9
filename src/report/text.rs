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
        if let Some(diagnostic) = to_diagnostic(f, &ids) {
            let mut writer = StylesWriter::new(&mut buffer, &styles);
            // Spans come from the same texts, so rendering cannot miss a file.
            let _ = term::emit_to_write_style(&mut writer, &config, &files, &diagnostic);
        }
    }
    let mut out = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    super::summary::push_summary(&mut out, outcome);
    out
}

fn to_diagnostic(f: &Finding, ids: &HashMap<&str, usize>) -> Option<Diagnostic<usize>> {
    let file = *ids.get(f.path.as_str())?;
    let severity = match f.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Info => CsSeverity::Note,
    };
    let mut labels = vec![Label::primary(file, f.span.start..f.span.end).with_message(&f.label)];
    labels.extend(f.labels.iter().filter_map(|l| {
        let id = *ids.get(l.path.as_str())?;
        Some(Label::secondary(id, l.span.start..l.span.end).with_message(&l.message))
    }));
    let mut notes = f.notes.clone();
    notes.push(format!("help: {}", f.help));
    Some(
        Diagnostic::new(severity)
            .with_code(f.rule)
            .with_message(&f.message)
            .with_labels(labels)
            .with_notes(notes),
    )
}
