//! Reporters: format findings; they know nothing of syntax.

mod concise;
mod github;
pub mod html;
mod json;
mod markdown;
pub mod sarif;
mod statistics;
mod summary;
mod text;

use crate::engine::Outcome;
pub use summary::{Totals, compared_line, plural, sanitize, summary_line, totals};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Rich diagnostics with source snippets.
    Text,
    /// One line per finding, `path:line:col: CODE severity: message`, and the summary line.
    Concise,
    /// One JSON document (schema: docs/src/reference/json.md).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
    /// A Markdown report for `$GITHUB_STEP_SUMMARY` or a pull-request comment.
    Markdown,
    /// One self-contained HTML page with charts, for an incident review (use with `-o`).
    Html,
}

/// Render the outcome in `format`; `color` only affects `text`.
pub fn render(format: Format, outcome: &Outcome, color: bool) -> String {
    match format {
        Format::Text => text::render(outcome, color),
        Format::Concise => concise::render(outcome),
        Format::Json => json::render(outcome),
        Format::Sarif => sarif::render(outcome),
        Format::Github => github::render(outcome),
        Format::Markdown => markdown::render(outcome),
        // Without the run's settings the header leaves paths and ratios out; the binary
        // calls `html::render` with them.
        Format::Html => html::render(outcome, &html::Scan::default()),
    }
}

/// A configuration error, with a snippet of the file when its position is known.
pub fn render_config_error(e: &crate::config::ConfigError, color: bool) -> String {
    use codespan_reporting::diagnostic::{Diagnostic, Label};
    use codespan_reporting::files::SimpleFile;
    use codespan_reporting::term::termcolor::Buffer;
    use codespan_reporting::term::{self, Config, Styles, StylesWriter};
    let path = sanitize(&e.path.to_string_lossy());
    let Some(span) = e.span.clone().filter(|_| !e.text.is_empty()) else {
        return if path.is_empty() {
            format!("error: {}\n", sanitize(&e.message))
        } else {
            format!("error: {path}: {}\n", sanitize(&e.message))
        };
    };
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let file = SimpleFile::new(path, e.text.as_str());
    let end = span.end.max(span.start).min(e.text.len());
    let start = span.start.min(end);
    let diagnostic = Diagnostic::error()
        .with_message(format!("invalid configuration: {}", e.message))
        .with_labels(vec![
            Label::primary((), start..end).with_message(e.message.clone()),
        ])
        .with_notes(vec![
            "fix the file, or run with --isolated to ignore configuration files".to_string(),
        ]);
    let styles = Styles::default();
    let mut writer = StylesWriter::new(&mut buffer, &styles);
    let _ = term::emit_to_write_style(&mut writer, &Config::default(), &file, &diagnostic);
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// `--statistics`: per rule, per top-level directory and per context; a JSON document
/// with `json`, else text tables.
pub fn render_statistics(outcome: &Outcome, json: bool) -> String {
    if json {
        statistics::render_json(outcome)
    } else {
        statistics::render(outcome)
    }
}
