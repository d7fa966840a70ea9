//! ghosttax: finds pinned-host-memory anti-patterns and prices them in VRAM.
//!
//! The command line: each command lives in its own module under `commands/`, with its flags.

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{calibrate, check, clean, explain, rules, trace};

#[derive(Parser)]
#[command(
    name = "ghosttax",
    version,
    about = "Find pinned-host-memory anti-patterns in Python, C, C++, CUDA, HIP and Rust, and price \
             them in VRAM",
    long_about = "Under Windows' WDDM driver model every pinned host allocation also reserves \
                  GPU memory (about 12% of its size). ghosttax finds pinned allocations and \
                  registrations in Python, C, C++, CUDA, HIP and Rust that repeat inside loops, \
                  run once per batch, or are never released, and estimates the VRAM they cost."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories (default: the current directory).
    Check(Box<check::Args>),
    /// List every rule.
    Rules(rules::Args),
    /// Print a rule's documentation: what it flags, why, an example, the fix.
    Explain(explain::Args),
    /// Remove the persistent cache `check` keeps (`.ghosttax_cache/` at the project's root)
    /// and say what was removed.
    Clean(clean::Args),
    /// Measure the VRAM tax ratios on this GPU and driver (needs an NVIDIA driver).
    Calibrate(calibrate::Args),
    /// Run COMMAND (and every process it starts) and record what it really pins, per call
    /// site: Python-level calls on every platform; on Linux also the driver's calls, bytes
    /// live at once and at exit.
    Trace(trace::Args),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check(args) => check::run(*args),
        Command::Rules(args) => rules::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Clean(args) => clean::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Trace(args) => trace::run(args),
    }
}
