//! ghosttax: finds pinned-host-memory anti-patterns and prices them in VRAM.

use ghosttax::{catalog, engine, report, rules, tax};

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use ghosttax::report::Format;
use ghosttax::rules::Settings;
use ghosttax::tax::Ratios;

#[derive(Parser)]
#[command(
    name = "ghosttax",
    version,
    about = "Find pinned-host-memory anti-patterns in Python, C++ and CUDA, and price them in VRAM",
    long_about = "Under Windows' WDDM driver model every pinned host allocation also reserves \
                  GPU memory (about 12% of its size). ghosttax finds pinned allocations and \
                  registrations that repeat inside loops and estimates the VRAM they cost."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories (default: the current directory).
    Check(CheckArgs),
    /// List every rule.
    Rules {
        #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
        format: RulesFormat,
    },
    /// Print a rule's documentation: what it flags, why, an example, the fix.
    Explain {
        /// A rule code, e.g. GT101.
        code: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// Files or directories to check. Directories are walked honouring .gitignore and
    /// .ignore and skipping hidden entries; files named here are always checked.
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Colour in text output (NO_COLOR in the environment turns `auto` off).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// VRAM reserved per pinned byte for allocations under WDDM, in (0, 1].
    #[arg(long, value_name = "R", default_value_t = tax::DEFAULT_ALLOC_RATIO, value_parser = tax::parse_ratio)]
    tax_ratio: f64,
    /// VRAM reserved per registered byte (cudaHostRegister), in (0, 1].
    #[arg(long, value_name = "R", default_value_t = tax::DEFAULT_REGISTER_RATIO, value_parser = tax::parse_ratio)]
    register_ratio: f64,
    /// Rules to run: comma-separated codes, prefixes (`GT2`) or `ALL` (default: every rule
    /// that is on by default).
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    select: Vec<String>,
    /// Rules not to run: codes, prefixes or `ALL`.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    ignore: Vec<String>,
    /// GT203 flags pinned allocations smaller than this (bytes, or KiB/MiB/GiB).
    #[arg(long, value_name = "SIZE", default_value = "64KiB", value_parser = parse_size)]
    tiny_alloc_threshold: u64,
    /// Worker threads (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Skip files larger than this (bytes, or with a KiB/MiB/GiB suffix).
    #[arg(long, value_name = "SIZE", default_value = "10MiB", value_parser = parse_size)]
    max_file_size: u64,
    /// Also print notes about skipped and partly checked files.
    #[arg(short, long)]
    verbose: bool,
    /// Print findings only: no summary line.
    #[arg(short, long)]
    quiet: bool,
}

/// `4096`, `64KiB`, `10MiB`, `1GiB` (also KB/MB/GB as binary units).
fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: u64 = num
        .parse()
        .map_err(|_| format!("`{text}` is not a size (e.g. 4096, 64KiB, 10MiB)"))?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return Err(format!("`{text}`: unknown unit (use KiB, MiB or GiB)")),
    };
    n.checked_mul(mult)
        .ok_or_else(|| format!("`{text}` is too large"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check(args),
        Command::Rules { format } => {
            print_rules(format);
            ExitCode::SUCCESS
        }
        Command::Explain { code } => match rules::find(&code) {
            Some(rule) => {
                print!("{}", rule.doc);
                ExitCode::SUCCESS
            }
            None => {
                let valid: Vec<&str> = rules::ALL.iter().map(|r| r.code).collect();
                eprintln!(
                    "error: unknown rule code `{}`; valid codes: {}",
                    report::sanitize(&code),
                    valid.join(", ")
                );
                ExitCode::from(2)
            }
        },
    }
}

fn check(args: CheckArgs) -> ExitCode {
    let selected = match rules::selection(&args.select, &args.ignore) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}", report::sanitize(&e));
            return ExitCode::from(2);
        }
    };
    let strip_dot = args.paths.is_empty();
    let paths = if strip_dot {
        vec![PathBuf::from(".")]
    } else {
        args.paths
    };
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let opts = engine::Options {
        paths,
        strip_dot,
        settings: Settings {
            ratios: Ratios {
                alloc: args.tax_ratio,
                register: args.register_ratio,
            },
            tiny_alloc_bytes: args.tiny_alloc_threshold,
        },
        selected,
        threads,
        max_file_size: args.max_file_size,
        keep_source: args.format == Format::Text,
    };
    let catalog = catalog::Catalog::builtin();
    let outcome = engine::run(&opts, &catalog);

    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let mut stderr = std::io::stderr().lock();
    for e in &outcome.errors {
        let _ = writeln!(stderr, "error: {}", report::sanitize(&e.message));
    }
    if args.verbose {
        for note in outcome.skipped.iter().chain(&outcome.notes) {
            let _ = writeln!(stderr, "note: {}", report::sanitize(note));
        }
    } else if !outcome.skipped.is_empty() && !args.quiet {
        let _ = writeln!(
            stderr,
            "note: {} skipped (too large or binary); --verbose lists them",
            report::plural(outcome.skipped.len(), "file", "files")
        );
    }
    let mut rendered = report::render(args.format, &outcome, color);
    if args.quiet && args.format == Format::Text {
        // Drop the summary line.
        let trimmed = rendered.trim_end_matches('\n');
        let cut = trimmed.rfind('\n').map_or(0, |i| i + 1);
        rendered.truncate(cut);
    }
    if args.format == Format::Concise && !args.quiet {
        let _ = writeln!(stderr, "{}", report::summary_line(&outcome));
    }
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(rendered.as_bytes())
        .and_then(|_| stdout.flush())
        .is_err()
    {
        // A closed pipe (`| head`) is not a failure of the check.
        return ExitCode::from(2);
    }
    if outcome.errors.iter().any(|e| e.explicit) {
        ExitCode::from(2)
    } else if outcome
        .findings()
        .any(|f| f.severity >= ghosttax::finding::Severity::Warning)
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_rules(format: RulesFormat) {
    match format {
        RulesFormat::Text => {
            for r in rules::ALL {
                println!(
                    "{}  {:<24} {:<8} {}",
                    r.code,
                    r.name,
                    r.severity.name(),
                    r.summary
                );
            }
        }
        RulesFormat::Json => {
            let list: Vec<serde_json::Value> = rules::ALL
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "code": r.code,
                        "name": r.name,
                        "severity": r.severity.name(),
                        "summary": r.summary,
                    })
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&list).unwrap_or_default()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("10MiB"), Ok(10 << 20));
        assert_eq!(parse_size("64 KiB"), Ok(64 << 10));
        assert!(parse_size("ten").is_err());
        assert!(parse_size("1PiB").is_err());
    }
}
