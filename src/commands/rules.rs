//! `ghosttax rules`: every rule, as aligned text columns or JSON.

use std::io::Write;
use std::process::ExitCode;

use clap::ValueEnum;

use ghosttax::rules::{self, RuleInfo};

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> ExitCode {
    let out = match args.format {
        Format::Text => table(rules::ALL),
        Format::Json => format!("{}\n", json(rules::ALL)),
    };
    // A closed pipe (`| head`) is not worth a panic.
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush());
    ExitCode::SUCCESS
}

/// One line per rule: code, name, severity ("(off)" when not on by default), languages and
/// summary, each column as wide as its widest entry, two spaces between columns.
fn table(all: &[&RuleInfo]) -> String {
    let rows: Vec<[String; 5]> = all
        .iter()
        .map(|r| {
            let severity = if r.default_enabled {
                r.severity.name().to_string()
            } else {
                format!("{} (off)", r.severity.name())
            };
            [
                r.code.to_string(),
                r.name.to_string(),
                severity,
                r.languages.to_string(),
                r.summary.to_string(),
            ]
        })
        .collect();
    let mut widths = [0; 4];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for [code, name, severity, languages, summary] in &rows {
        out.push_str(&format!(
            "{code:<w0$}  {name:<w1$}  {severity:<w2$}  {languages:<w3$}  {summary}\n",
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
        ));
    }
    out
}

/// The rules as a pretty-printed JSON array.
fn json(all: &[&RuleInfo]) -> String {
    let list: Vec<serde_json::Value> = all
        .iter()
        .map(|r| {
            serde_json::json!({
                "code": r.code,
                "name": r.name,
                "severity": r.severity.name(),
                "default_enabled": r.default_enabled,
                "languages": r.languages.split(", ").collect::<Vec<_>>(),
                "summary": r.summary,
            })
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap_or_default()
}
