//! `check`'s last stages: errors and notes on stderr, the baseline or the report written,
//! and the exit status.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use ghosttax::baseline::{self, Baseline};
use ghosttax::engine;
use ghosttax::finding::Severity;
use ghosttax::report::{self, Format};

use super::args::{Args, ColorChoice, FailOn};

/// The paths that could not be checked, then notes: every one with `--verbose`, else a count
/// of each kind (none with `--quiet`).
pub fn print_diagnostics(args: &Args, outcome: &engine::Outcome) {
    let mut stderr = std::io::stderr().lock();
    for e in &outcome.errors {
        let _ = writeln!(stderr, "error: {}", report::sanitize(&e.message));
    }
    if args.verbose {
        for note in outcome.skipped.iter().chain(&outcome.notes) {
            let _ = writeln!(stderr, "note: {}", report::sanitize(note));
        }
        // What the persistent cache did (read, parsed, why it was not used).
        for line in outcome.cache.iter().flat_map(|c| &c.lines) {
            let _ = writeln!(stderr, "note: {}", report::sanitize(line));
        }
    } else if !args.quiet {
        if !outcome.skipped.is_empty() {
            let _ = writeln!(
                stderr,
                "note: {} skipped (too large or binary); --verbose lists them",
                report::plural(outcome.skipped.len(), "file", "files")
            );
        }
        if !outcome.notes.is_empty() {
            let _ = writeln!(
                stderr,
                "note: {} only partly checked (nesting too deep, or not valid Rust); --verbose says where",
                report::plural(outcome.notes.len(), "file", "files")
            );
        }
    }
}

/// `--write-baseline FILE`: the findings recorded in FILE, and a line saying how many.
pub fn write_baseline(path: &Path, quiet: bool, outcome: &engine::Outcome) -> Result<(), String> {
    let b = Baseline::from_findings(&outcome.findings);
    baseline::write_atomic(path, &b.to_json())
        .map_err(|e| format!("cannot write {}: {e}", path.to_string_lossy()))?;
    if !quiet {
        eprintln!(
            "wrote {} to {}",
            report::plural(b.findings.len(), "finding", "findings"),
            report::sanitize(&path.to_string_lossy())
        );
    }
    Ok(())
}

/// The report in the chosen format (or the statistics), to `--output-file` or stdout.
pub fn write_report(
    args: &Args,
    opts: &engine::Options,
    outcome: &engine::Outcome,
) -> Result<(), String> {
    let rendered = render(args, opts, outcome);
    match &args.output_file {
        Some(path) => baseline::write_atomic(path, &rendered)
            .map_err(|e| format!("cannot write {}: {e}", path.to_string_lossy())),
        None => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not worth a panic.
            stdout
                .write_all(rendered.as_bytes())
                .and_then(|_| stdout.flush())
                .map_err(|e| format!("cannot write the report: {e}"))
        }
    }
}

/// The report as text; `--quiet` drops the summary line of `text` and `concise`.
fn render(args: &Args, opts: &engine::Options, outcome: &engine::Outcome) -> String {
    let mut rendered = if args.statistics {
        report::render_statistics(outcome, args.format == Format::Json)
    } else if args.format == Format::Html {
        let scan = report::html::Scan::new(&args.paths, opts.settings.ratios, &opts.selected);
        report::html::render(outcome, &scan)
    } else {
        report::render(args.format, outcome, stdout_color(args))
    };
    if args.quiet
        && matches!(args.format, Format::Text | Format::Concise)
        && !report::summary_line(outcome).is_empty()
    {
        let trimmed = rendered.trim_end_matches('\n');
        let cut = trimmed.rfind('\n').map_or(0, |i| i + 1);
        rendered.truncate(cut);
    }
    rendered
}

/// 2 when a path named on the command line could not be checked, 1 when a finding is at or
/// above `--fail-on` (unless `--exit-zero`), else 0.
pub fn exit_status(args: &Args, outcome: &engine::Outcome) -> ExitCode {
    if outcome.errors.iter().any(|e| e.explicit) {
        return ExitCode::from(2);
    }
    let threshold = match args.fail_on {
        FailOn::Info => Severity::Info,
        FailOn::Warning => Severity::Warning,
        FailOn::Error => Severity::Error,
    };
    if !args.exit_zero && outcome.findings.iter().any(|f| f.severity >= threshold) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// 2 when a path named on the command line could not be checked, else 0.
pub fn exit_for_errors(outcome: &engine::Outcome) -> ExitCode {
    if outcome.errors.iter().any(|e| e.explicit) {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Colour in the report: never into a file; `auto` for a terminal without `NO_COLOR`.
fn stdout_color(args: &Args) -> bool {
    args.output_file.is_none() && wants_color(args.color, std::io::stdout().is_terminal())
}

/// Colour in a configuration error's snippet.
pub fn stderr_color(choice: ColorChoice) -> bool {
    wants_color(choice, std::io::stderr().is_terminal())
}

fn wants_color(choice: ColorChoice, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}
