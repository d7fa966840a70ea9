//! One module per command: its flags (a `clap::Args` struct) and `run`, which returns the
//! process's exit status.

pub mod calibrate;
pub mod check;
pub mod clean;
pub mod explain;
pub mod rules;
pub mod trace;

use std::process::ExitCode;

use ghosttax::report;

/// A command that cannot go on: `error: MESSAGE` on stderr (control characters escaped),
/// exit status 2.
fn fail(message: &str) -> ExitCode {
    eprintln!("error: {}", report::sanitize(message));
    ExitCode::from(2)
}
