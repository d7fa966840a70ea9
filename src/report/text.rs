//! The default terminal output: codespan-reporting diagnostics, then a summary line.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::termcolor::Buffer;
use codespan_reporting::term::{self, Config, Styles, StylesWriter};

use super::{sanitize, summary_line};
use crate::engine::Outcome;
use crate::finding::{Finding, Severity};
use crate::tax::format_bytes;

pub fn render(outcome: &Outcome, color: bool) -> String {
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = Config::default();
    let styles = Styles::default();
    for report in &outcome.files {
        let file = SimpleFile::new(sanitize(&report.path), report.source.as_str());
        for f in &report.findings {
            let diagnostic = to_diagnostic(f);
            let mut writer = StylesWriter::new(&mut buffer, &styles);
            // Spans come from the same text, so rendering cannot miss the file.
            let _ = term::emit_to_write_style(&mut writer, &config, &file, &diagnostic);
        }
    }
    let mut out = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    out.push_str(&summary_line(outcome));
    out.push('\n');
    out
}

fn to_diagnostic(f: &Finding) -> Diagnostic<()> {
    let severity = match f.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Info => CsSeverity::Note,
    };
    let e = &f.estimate;
    let primary = match (e.tax_bytes, e.tax_bytes_per_event) {
        (Some(t), _) if e.accumulates => format!("≈ {} of VRAM under WDDM", format_bytes(t)),
        (Some(t), _) => format!(
            "≈ {} of VRAM under WDDM, on every iteration",
            format_bytes(t)
        ),
        (None, Some(p)) => format!("≈ {} of VRAM per iteration", format_bytes(p)),
        _ => "size unknown".to_string(),
    };
    let mut labels = vec![Label::primary((), f.span.start..f.span.end).with_message(primary)];
    labels.extend(
        f.labels
            .iter()
            .map(|l| Label::secondary((), l.span.start..l.span.end).with_message(&l.message)),
    );
    let mut notes = f.notes.clone();
    notes.push(format!("help: {}", f.help));
    Diagnostic::new(severity)
        .with_code(f.rule)
        .with_message(&f.message)
        .with_labels(labels)
        .with_notes(notes)
}
