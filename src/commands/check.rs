//! `ghosttax check`: the stages of a check, composed in `check`; each stage is a function
//! here or in a submodule (`configure`: configuration and options; `context`: the named
//! files' project; `output`: diagnostics, the report, the exit status).

mod args;
mod configure;
mod context;
mod output;

use std::process::ExitCode;
use std::sync::Arc;

use ghosttax::baseline::Baseline;
use ghosttax::catalog::Catalog;
use ghosttax::config::ConfigError;
use ghosttax::{diffbase, engine, report, tracefile};

pub use args::Args;
use context::Context;

/// Why a check stopped before its report (exit status 2).
enum Failure {
    /// A configuration or usage error, shown with a snippet of the file.
    Config(ConfigError),
    /// Anything else: one line, `error: MESSAGE`.
    Message(String),
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Self {
        Failure::Config(e)
    }
}

pub fn run(args: Args) -> ExitCode {
    match check(&args) {
        Ok(code) => code,
        Err(Failure::Config(e)) => {
            let color = output::stderr_color(args.color);
            eprint!("{}", report::render_config_error(&e, color));
            ExitCode::from(2)
        }
        Err(Failure::Message(message)) => super::fail(&message),
    }
}

/// The stages, in order: configuration and options, the baseline and the trace to join,
/// the run (over the named files' projects), what `--diff-base` and the baseline leave,
/// then the diagnostics, and the baseline or the report written.
fn check(args: &Args) -> Result<ExitCode, Failure> {
    let mut catalog = Catalog::builtin();
    let loaded = configure::load_config(args)?;
    let mut opts = configure::options(args, loaded.as_ref(), &mut catalog)?;
    let baseline = load_baseline(args)?;
    opts.trace = load_trace(args)?;
    let context = cross_file_context(args);
    let mut outcome = run_engine(&mut opts, &catalog, context);
    warn_unused_assumptions(args, &opts);
    let diff_base = args
        .diff_base
        .clone()
        .or_else(|| configure::configured_diff_base(loaded.as_ref()));
    keep_new_since(diff_base, &mut outcome, &opts, &catalog)?;
    if let Some(b) = &baseline {
        outcome.findings = b.filter(std::mem::take(&mut outcome.findings));
    }
    output::print_diagnostics(args, &outcome);
    if let Some(path) = &args.write_baseline {
        output::write_baseline(path, args.quiet, &outcome).map_err(Failure::Message)?;
        return Ok(output::exit_for_errors(&outcome));
    }
    output::write_report(args, &opts, &outcome).map_err(Failure::Message)?;
    Ok(output::exit_status(args, &outcome))
}

/// `--baseline FILE`.
fn load_baseline(args: &Args) -> Result<Option<Baseline>, Failure> {
    args.baseline
        .as_deref()
        .map(Baseline::load)
        .transpose()
        .map_err(Failure::Message)
}

/// `--trace FILE`, shared by the run's workers.
fn load_trace(args: &Args) -> Result<Option<Arc<tracefile::Trace>>, Failure> {
    match &args.trace {
        Some(path) => tracefile::read(path)
            .map(|t| Some(Arc::new(t)))
            .map_err(Failure::Message),
        None => Ok(None),
    }
}

/// The project around the named files (unless `--no-context`); a note when some lie in
/// none.
fn cross_file_context(args: &Args) -> Option<Context> {
    if args.no_context {
        return None;
    }
    let (context, rootless) = Context::of(&args.paths, args.context.as_deref());
    if rootless > 0 && !args.quiet {
        let which = if rootless == args.paths.len() {
            "the named files"
        } else {
            "some named files"
        };
        eprintln!(
            "note: no project root above {which} (no git work tree, ghosttax.toml or \
             pyproject.toml): each is checked without the rest of its folder; \
             `--context DIR` names one"
        );
    }
    context
}

/// The run itself; with a context, over the named files' projects, keeping the findings
/// that involve the named files.
fn run_engine(
    opts: &mut engine::Options,
    catalog: &Catalog,
    context: Option<Context>,
) -> engine::Outcome {
    let Some(mut context) = context else {
        return engine::run(opts, catalog);
    };
    opts.paths = std::mem::take(&mut context.paths);
    let mut outcome = engine::run(opts, catalog);
    context.keep_named(&mut outcome);
    outcome
}

/// A warning for each `--assume` / `[tax.assume]` name the checked code never used.
fn warn_unused_assumptions(args: &Args, opts: &engine::Options) {
    if args.quiet {
        return;
    }
    for name in opts.settings.assume.unused() {
        eprintln!(
            "warning: the assumption `{}` binds no name in the checked code",
            report::sanitize(name)
        );
    }
}

/// `--diff-base REV` (or `[ci] diff-base`): only the findings new since REV.
fn keep_new_since(
    rev: Option<String>,
    outcome: &mut engine::Outcome,
    opts: &engine::Options,
    catalog: &Catalog,
) -> Result<(), Failure> {
    match rev.filter(|r| !r.is_empty()) {
        Some(rev) => diffbase::keep_new(outcome, opts, catalog, &rev).map_err(Failure::Message),
        None => Ok(()),
    }
}
