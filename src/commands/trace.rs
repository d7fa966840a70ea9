//! `ghosttax trace -- COMMAND`: run a program and record what it pins (`ghosttax::trace`).

use std::path::PathBuf;
use std::process::ExitCode;

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    /// Write the trace (JSON) to FILE; `-` is standard output.
    #[arg(
        long,
        short = 'o',
        value_name = "FILE",
        default_value = "ghosttax-trace.json"
    )]
    output: PathBuf,
    /// Print nothing but errors.
    #[arg(short, long)]
    quiet: bool,
    /// The command to run, after `--`: `ghosttax trace -- python train.py`.
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "COMMAND"
    )]
    command: Vec<String>,
}

pub fn run(args: Args) -> ExitCode {
    ExitCode::from(ghosttax::trace::run(&ghosttax::trace::Options {
        command: args.command,
        output: args.output,
        quiet: args.quiet,
    }))
}
