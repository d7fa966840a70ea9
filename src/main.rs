//! ghosttax: finds pinned-host-memory anti-patterns and prices them in VRAM.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use ghosttax::analysis::view::Settings;
use ghosttax::baseline::{self, Baseline};
use ghosttax::config::{self, ConfigError, Loaded};
use ghosttax::finding::Severity;
use ghosttax::report::{self, Format};
use ghosttax::rules;
use ghosttax::tax::{self, Ratios};
use ghosttax::{catalog, engine};

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
    Check(Box<CheckArgs>),
    /// List every rule.
    Rules {
        #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
        format: RulesFormat,
    },
    /// Print a rule's documentation: what it flags, why, an example, the fix.
    Explain {
        /// A rule code or name, e.g. GT101 or pinned-alloc-in-loop (any case).
        #[arg(value_name = "RULE")]
        code: String,
    },
    /// Measure the VRAM tax ratios on this GPU and driver (needs an NVIDIA driver).
    Calibrate {
        /// The CUDA device to measure.
        #[arg(long, default_value_t = 0)]
        device: u32,
        /// Pinned sizes to measure, comma-separated.
        #[arg(long, value_name = "SIZES", value_delimiter = ',', value_parser = config::parse_size,
              default_value = "8MiB,32MiB,128MiB,512MiB")]
        sizes: Vec<u64>,
        /// Readings per size and class.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
        repeat: u32,
        /// Write the fitted ratios to `[tax]` in this ghosttax TOML file (other keys and
        /// comments are kept).
        #[arg(long, value_name = "FILE")]
        write_config: Option<PathBuf>,
    },
    /// Run COMMAND (and every process it starts) and record what it really pins, per call
    /// site: Python-level calls on every platform; on Linux also the driver's calls, bytes
    /// live at once and at exit.
    Trace {
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

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
enum FailOn {
    Info,
    Warning,
    Error,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// Files or directories to check. Directories are walked honouring .gitignore and
    /// .ignore and skipping hidden entries; files named here are always checked.
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Write the report to FILE (atomically) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output_file: Option<PathBuf>,
    /// Colour in text output (NO_COLOR in the environment turns `auto` off).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Use this configuration file (a ghosttax TOML file or a pyproject.toml) [default: the
    /// nearest one above the checked paths].
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Ignore every configuration file.
    #[arg(long, conflicts_with = "config")]
    isolated: bool,
    /// VRAM reserved per pinned byte for allocations under WDDM, in (0, 1] [default: 0.12].
    #[arg(long, value_name = "R", value_parser = tax::parse_ratio)]
    tax_ratio: Option<f64>,
    /// VRAM reserved per registered byte (cudaHostRegister), in (0, 1] [default: 0.05].
    #[arg(long, value_name = "R", value_parser = tax::parse_ratio)]
    register_ratio: Option<f64>,
    /// The card's memory (e.g. 8GiB): taxes are also given as a share of it.
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    vram: Option<u64>,
    /// With `--vram`: mark sites whose tax alone takes at least this share of the card
    /// (`10%` or `0.1`) [default: 10%].
    #[arg(long, value_name = "SHARE", value_parser = tax::parse_share)]
    vram_share: Option<f64>,
    /// Rules to run: comma-separated codes, prefixes (`GT2`) or `ALL` (default: every rule
    /// that is on by default).
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    select: Vec<String>,
    /// Rules to run in addition to the selected ones.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    extend_select: Vec<String>,
    /// Rules not to run: codes, prefixes or `ALL`.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    ignore: Vec<String>,
    /// GT203 flags pinned allocations smaller than this [default: 64KiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    tiny_alloc_threshold: Option<u64>,
    /// Values for names the code leaves free, matched on a name's last component
    /// (`self.batch_size`, `args.batch_size`): `batch_size=64,seq_len=4096` (sizes may
    /// carry units: `pool=4GiB`).
    #[arg(long, value_name = "NAME=VALUE", value_delimiter = ',', value_parser = parse_assumption)]
    assume: Vec<(String, u64)>,
    /// Join a trace written by `ghosttax trace` to the findings: each finding it reached
    /// shows what was measured (and is priced from it when its size is not static), and
    /// GT401 reports what static analysis missed.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// With `--trace`: GT401 reports a site that pinned at least N times [default: 8].
    #[arg(long, value_name = "N", requires = "trace", value_parser = clap::value_parser!(u64).range(1..))]
    trace_min_calls: Option<u64>,
    /// With `--trace`: GT401 reports a site that pinned more than once and left at least
    /// this much pinned at exit [default: 1MiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size, requires = "trace")]
    trace_min_unreleased: Option<u64>,
    /// Check test and benchmark code (a `tests/` folder, `test_*.py`, gtest's `TEST`, Rust's
    /// `#[test]`, ..) like any other code; by default its findings are reported at info.
    #[arg(long)]
    tests_as_code: bool,
    /// Check vendored copies of other projects (a `third_party/` or `vendor/` folder) like
    /// the project's own code: the default, since vendored code runs in your process.
    #[arg(long, conflicts_with = "no_vendored_as_code")]
    vendored_as_code: bool,
    /// Report findings in vendored copies of other projects at info (the fix belongs
    /// upstream); the same as `vendored-as-code = false` in the configuration.
    #[arg(long)]
    no_vendored_as_code: bool,
    /// With files named on the command line (as pre-commit passes them), index the rest of
    /// this directory for callers, callees and hand-offs; findings are still reported only
    /// on the named files [default: each file's project: the git work tree around it, else
    /// the nearest folder above it with a pyproject.toml or ghosttax.toml].
    #[arg(long, value_name = "DIR", conflicts_with = "no_context")]
    context: Option<PathBuf>,
    /// Check the named files alone, without the rest of the repository.
    #[arg(long)]
    no_context: bool,
    /// Report only findings that are new relative to git revision REV (its merge base with
    /// HEAD, as `git diff REV...` means); also `[ci] diff-base` in the configuration.
    #[arg(long, value_name = "REV")]
    diff_base: Option<String>,
    /// Report only findings not recorded in this baseline file.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Record the current findings in FILE (JSON, sorted) and exit 0.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Exit 0 even when there are findings (errors still exit 2).
    #[arg(long)]
    exit_zero: bool,
    /// The lowest severity that makes the run fail (exit 1).
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    fail_on: FailOn,
    /// Print counts and tax totals per rule and per top-level directory instead of findings.
    #[arg(long)]
    statistics: bool,
    /// Worker threads (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Skip files larger than this [default: 10MiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    max_file_size: Option<u64>,
    /// Also print notes about skipped and partly checked files.
    #[arg(short, long)]
    verbose: bool,
    /// Print findings only: no summary line or notes.
    #[arg(short, long)]
    quiet: bool,
    /// Parse every file that mentions an API whole, not only the parts that matter
    /// (slower; for checking the faster default against).
    #[arg(long, hide = true)]
    whole_files: bool,
}

/// glibc gives each thread that allocates its own heap arena (up to 8 per core), and
/// freed memory stays in the arena it came from: with the walker's threads and the pool's,
/// a run over a large tree holds ~15% more memory than it uses. One arena per worker thread
/// measured as fast and 165 -> 143 MiB peak on 15 real trees. `MALLOC_ARENA_MAX` in the
/// environment still wins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn limit_malloc_arenas(threads: usize) {
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        let arenas = i32::try_from(threads.max(2)).unwrap_or(i32::MAX);
        // SAFETY: `mallopt` only sets a tuning parameter; it is called before the run's
        // threads start.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, arenas);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_malloc_arenas(_threads: usize) {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check(*args),
        Command::Rules { format } => {
            print_rules(format);
            ExitCode::SUCCESS
        }
        Command::Calibrate {
            device,
            sizes,
            repeat,
            write_config,
        } => calibrate(device, &sizes, repeat, write_config.as_deref()),
        Command::Trace {
            output,
            quiet,
            command,
        } => trace(command, output, quiet),
        Command::Explain { code } => match rules::find(&code).or_else(|| rules::by_name(&code)) {
            Some(rule) => {
                print!("{}", rule.doc);
                ExitCode::SUCCESS
            }
            None => {
                let valid: Vec<String> = rules::ALL
                    .iter()
                    .map(|r| format!("{} {}", r.code, r.name))
                    .collect();
                eprintln!(
                    "error: unknown rule `{}`; give a code or a name that `ghosttax rules` \
                     lists: {}",
                    report::sanitize(&code),
                    valid.join(", ")
                );
                ExitCode::from(2)
            }
        },
    }
}

/// Everything a run needs, from flags over the configuration file over defaults.
fn options(
    args: &CheckArgs,
    loaded: Option<&Loaded>,
    catalog: &mut catalog::Catalog,
) -> Result<engine::Options, ConfigError> {
    let usage = |message: String| ConfigError {
        path: PathBuf::new(),
        text: String::new(),
        span: None,
        message,
    };
    let cfg = loaded.map(|l| &l.config);
    let tax_table = cfg.and_then(|c| c.tax.as_ref());
    if args.vram_share.is_some()
        && args.vram.is_none()
        && tax_table.and_then(|t| t.vram.as_ref()).is_none()
    {
        return Err(usage(
            "`--vram-share` is a share of the card: give its memory too, with `--vram 8GiB` \
             or `[tax] vram = \"8GiB\"`"
                .into(),
        ));
    }
    let mut ratios = Ratios::default();
    let mut vram = None;
    let mut vram_share = ghosttax::analysis::view::DEFAULT_VRAM_SHARE;
    let mut tiny = 64 << 10;
    let mut trace_min_calls = ghosttax::analysis::view::DEFAULT_TRACE_MIN_CALLS;
    let mut trace_min_unreleased = ghosttax::analysis::view::DEFAULT_TRACE_MIN_UNRELEASED;
    let mut max_file_size = 10 << 20;
    let mut assumed: Vec<(String, u64)> = Vec::new();
    let mut select = Vec::new();
    let mut extend_select = Vec::new();
    let mut ignore = Vec::new();
    let mut severities = HashMap::new();
    let mut exclude = None;
    let mut per_file_ignores = Vec::new();
    if let Some(l) = loaded {
        if let Some(r) = tax_table.and_then(|t| t.ratio.as_ref()) {
            ratios.alloc = l.ratio(r)?;
        }
        if let Some(r) = tax_table.and_then(|t| t.register_ratio.as_ref()) {
            ratios.register = l.ratio(r)?;
        }
        if let Some(v) = tax_table.and_then(|t| t.vram.as_ref()) {
            vram = Some(l.size(v)?);
        }
        if let Some(r) = tax_table.and_then(|t| t.vram_share.as_ref()) {
            vram_share = l.ratio(r)?;
        }
        if let Some(table) = tax_table.and_then(|t| t.assume.as_ref()) {
            for (name, value) in table {
                assumed.push((name.clone(), l.size(value)?));
            }
        }
        if let Some(v) = &l.config.tiny_alloc_threshold {
            tiny = l.size(v)?;
        }
        if let Some(t) = &l.config.trace {
            if let Some(n) = &t.min_calls {
                trace_min_calls = l.count(n)?;
            }
            if let Some(v) = &t.min_unreleased {
                trace_min_unreleased = l.size(v)?;
            }
        }
        if let Some(v) = &l.config.max_file_size {
            max_file_size = l.size(v)?;
        }
        select = l.codes(l.config.select.as_deref().unwrap_or_default())?;
        extend_select = l.codes(l.config.extend_select.as_deref().unwrap_or_default())?;
        ignore = l.codes(l.config.ignore.as_deref().unwrap_or_default())?;
        severities.extend(l.severities()?);
        if let Some(globs) = &l.config.exclude {
            exclude = Some(l.globs(globs)?);
        }
        for (glob, codes) in l.config.per_file_ignores.iter().flatten() {
            let matcher = globset::Glob::new(glob.get_ref())
                .map_err(|e| l.error(glob.span(), format!("invalid glob: {e}")))?
                .compile_matcher();
            let mut list = Vec::new();
            for c in codes {
                list.extend(rules::expand(c.get_ref()).map_err(|m| l.error(c.span(), m))?);
            }
            per_file_ignores.push((matcher, list));
        }
        l.extend_catalog(catalog)?;
    }
    if !args.select.is_empty() {
        select = args.select.clone();
    }
    extend_select.extend(args.extend_select.iter().cloned());
    ignore.extend(args.ignore.iter().cloned());
    let selected = rules::selection(&select, &extend_select, &ignore).map_err(usage)?;
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    limit_malloc_arenas(threads);
    Ok(engine::Options {
        paths,
        settings: Settings {
            ratios: Ratios {
                alloc: args.tax_ratio.unwrap_or(ratios.alloc),
                register: args.register_ratio.unwrap_or(ratios.register),
            },
            tiny_alloc_bytes: args.tiny_alloc_threshold.unwrap_or(tiny),
            vram: args.vram.or(vram),
            vram_share: args.vram_share.unwrap_or(vram_share),
            tests_as_code: args.tests_as_code || cfg.and_then(|c| c.tests_as_code).unwrap_or(false),
            vendored_as_code: args.vendored_as_code
                || (!args.no_vendored_as_code
                    && cfg.and_then(|c| c.vendored_as_code).unwrap_or(true)),
            // One set of assumptions for the whole (short-lived) process.
            assume: Box::leak(Box::new(tax::Assumptions::new(
                assumed
                    .into_iter()
                    .chain(args.assume.iter().cloned())
                    .map(|(k, v)| (k, i128::from(v))),
            ))),
            trace_min_calls: args.trace_min_calls.unwrap_or(trace_min_calls),
            trace_min_unreleased: args.trace_min_unreleased.unwrap_or(trace_min_unreleased),
        },
        selected,
        threads,
        max_file_size: args.max_file_size.unwrap_or(max_file_size),
        keep_source: matches!(args.format, Format::Text | Format::Html) && !args.statistics,
        exclude,
        force_exclude: cfg.and_then(|c| c.force_exclude).unwrap_or(false),
        per_file_ignores,
        severities,
        progress: !args.quiet
            && matches!(args.format, Format::Text | Format::Concise)
            && args.output_file.is_none()
            && std::io::stderr().is_terminal(),
        whole_files: args.whole_files,
        trace: None,
    })
}

fn check(args: CheckArgs) -> ExitCode {
    let loaded = if args.isolated {
        Ok(None)
    } else if let Some(path) = &args.config {
        config::load(path).map(Some)
    } else {
        discover_config(&args.paths, args.quiet)
    };
    let mut catalog = catalog::Catalog::builtin();
    let configured_base = loaded
        .as_ref()
        .ok()
        .and_then(|l| l.as_ref())
        .and_then(|l| l.config.ci.as_ref())
        .and_then(|c| c.diff_base.clone());
    let opts = loaded.and_then(|l| {
        let opts = options(&args, l.as_ref(), &mut catalog)?;
        Ok(opts)
    });
    let opts = match opts {
        Ok(o) => o,
        Err(e) => {
            eprint!(
                "{}",
                report::render_config_error(&e, stderr_color(args.color))
            );
            return ExitCode::from(2);
        }
    };
    let baseline = match args.baseline.as_deref().map(Baseline::load).transpose() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}", report::sanitize(&e));
            return ExitCode::from(2);
        }
    };

    let mut opts = opts;
    if let Some(path) = &args.trace {
        match ghosttax::tracefile::read(path) {
            Ok(t) => opts.trace = Some(std::sync::Arc::new(t)),
            Err(e) => {
                eprintln!("error: {}", report::sanitize(&e));
                return ExitCode::from(2);
            }
        }
    }
    let context = if args.no_context {
        None
    } else {
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
    };
    let mut opts = opts;
    if let Some(c) = &context {
        opts.paths = c.paths.clone();
    }
    let mut outcome = engine::run(&opts, &catalog);
    if let Some(c) = &context {
        c.keep_named(&mut outcome);
    }
    if !args.quiet {
        for name in opts.settings.assume.unused() {
            eprintln!(
                "warning: the assumption `{}` binds no name in the checked code",
                report::sanitize(name)
            );
        }
    }
    let diff_base = args.diff_base.clone().or(configured_base);
    if let Some(rev) = diff_base.filter(|r| !r.is_empty())
        && let Err(e) = ghosttax::diffbase::keep_new(&mut outcome, &opts, &catalog, &rev)
    {
        eprintln!("error: {}", report::sanitize(&e));
        return ExitCode::from(2);
    }
    if let Some(b) = &baseline {
        outcome.findings = b.filter(std::mem::take(&mut outcome.findings));
    }

    let mut stderr = std::io::stderr().lock();
    for e in &outcome.errors {
        let _ = writeln!(stderr, "error: {}", report::sanitize(&e.message));
    }
    if args.verbose {
        for note in outcome.skipped.iter().chain(&outcome.notes) {
            let _ = writeln!(stderr, "note: {}", report::sanitize(note));
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

    if let Some(path) = &args.write_baseline {
        let b = Baseline::from_findings(&outcome.findings);
        return match baseline::write_atomic(path, &b.to_json()) {
            Ok(()) => {
                if !args.quiet {
                    let _ = writeln!(
                        stderr,
                        "wrote {} to {}",
                        report::plural(b.findings.len(), "finding", "findings"),
                        report::sanitize(&path.to_string_lossy())
                    );
                }
                exit_for_errors(&outcome)
            }
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "error: cannot write {}: {}",
                    report::sanitize(&path.to_string_lossy()),
                    report::sanitize(&e.to_string())
                );
                ExitCode::from(2)
            }
        };
    }

    let color = args.output_file.is_none()
        && match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
    let mut rendered = if args.statistics {
        report::render_statistics(&outcome, args.format == Format::Json)
    } else if args.format == Format::Html {
        let scan = report::html::Scan::new(&args.paths, opts.settings.ratios, &opts.selected);
        report::html::render(&outcome, &scan)
    } else {
        report::render(args.format, &outcome, color)
    };
    if args.quiet
        && matches!(args.format, Format::Text | Format::Concise)
        && !report::summary_line(&outcome).is_empty()
    {
        // Drop the summary line.
        let trimmed = rendered.trim_end_matches('\n');
        let cut = trimmed.rfind('\n').map_or(0, |i| i + 1);
        rendered.truncate(cut);
    }
    let written = match &args.output_file {
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
    };
    if let Err(e) = written {
        let _ = writeln!(stderr, "error: {}", report::sanitize(&e));
        return ExitCode::from(2);
    }
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

/// The configuration for the checked paths, found from each path's folder upwards (from the
/// current directory when none is named). Paths of different projects are checked with the
/// first one's, and a warning says so.
fn discover_config(paths: &[PathBuf], quiet: bool) -> Result<Option<Loaded>, ConfigError> {
    let cwd = std::env::current_dir().unwrap_or_default();
    if paths.is_empty() {
        return config::discover(&cwd);
    }
    // One lookup per folder (pre-commit names many files of few folders).
    let mut seen = std::collections::HashSet::new();
    let mut found: Vec<Option<PathBuf>> = Vec::new();
    for p in paths {
        let start = config::start_of(p, &cwd);
        if !seen.insert(start.clone()) {
            continue;
        }
        let path = config::locate(&start)?;
        if !found.contains(&path) {
            found.push(path);
        }
    }
    if found.len() > 1 && !quiet {
        let first = found[0]
            .as_ref()
            .map_or("no configuration file".to_string(), |p| {
                report::sanitize(&p.to_string_lossy())
            });
        eprintln!(
            "warning: the checked paths belong to different configuration files; all are \
             checked with {first} (check each project on its own, or name one with --config)"
        );
    }
    match found.into_iter().next().flatten() {
        Some(path) => config::load(&path).map(Some),
        None => Ok(None),
    }
}

/// `--assume NAME=VALUE`: a name and a non-negative integer (or a size with a unit).
fn parse_assumption(text: &str) -> Result<(String, u64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not NAME=VALUE"))?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(format!("`{name}` is not a name (letters, digits, `_`)"));
    }
    Ok((name.to_string(), config::parse_size(value)?))
}

/// Files named on the command line checked with the rest of their repository around them:
/// the run walks `paths` (the repository, and any named file outside it), and only findings
/// on the named files are kept, under the names the user gave.
struct Context {
    paths: Vec<PathBuf>,
    /// Canonical path of each named file → the name as given.
    named: HashMap<PathBuf, String>,
}

impl Context {
    /// The context for `paths`, when every one is a file: the project each lies in (`dir`
    /// if given, else its git work tree or the folder of its `pyproject.toml` or ghosttax
    /// configuration), walked whole as `check .` would. Also how many of the files lie in
    /// no project (those are walked alone).
    fn of(paths: &[PathBuf], dir: Option<&std::path::Path>) -> (Option<Context>, usize) {
        if paths.is_empty() || !paths.iter().all(|p| p.is_file()) {
            return (None, 0);
        }
        let Ok(cwd) = std::env::current_dir() else {
            return (None, 0);
        };
        let given = match dir {
            Some(d) => match d.canonicalize() {
                Ok(d) => Some(d),
                Err(_) => return (None, 0),
            },
            None => None,
        };
        // One project lookup (a git call) per folder of named files.
        let mut root_of: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
        let mut roots: Vec<PathBuf> = Vec::new();
        let mut alone = Vec::new();
        let mut rootless = 0;
        let mut named = HashMap::new();
        for p in paths {
            let Ok(real) = p.canonicalize() else {
                return (None, 0);
            };
            let folder = real
                .parent()
                .map(std::path::Path::to_path_buf)
                .unwrap_or_default();
            let root = match &given {
                Some(d) => real.starts_with(d).then(|| d.clone()),
                None => root_of
                    .entry(folder.clone())
                    .or_insert_with(|| ghosttax::discover::project_root(&folder))
                    .clone(),
            };
            match root {
                Some(r) => {
                    if !roots.contains(&r) {
                        roots.push(r);
                    }
                }
                None => {
                    alone.push(p.clone());
                    rootless += usize::from(given.is_none());
                }
            }
            named.insert(real, ghosttax::platform::shown(p, true));
        }
        if roots.is_empty() {
            return (None, rootless);
        }
        // A project inside another is walked with it.
        let outer: Vec<PathBuf> = roots
            .iter()
            .filter(|r| !roots.iter().any(|o| o != *r && r.starts_with(o)))
            .cloned()
            .collect();
        let mut walk: Vec<PathBuf> = outer.iter().map(|r| relative_to(r, &cwd)).collect();
        walk.extend(alone);
        (Some(Context { paths: walk, named }), rootless)
    }

    /// Keep the findings that involve a named file (the site, or a loop or call of its
    /// chain: a staged loop that now calls an unchanged pinning helper), under the names
    /// given.
    fn keep_named(&self, outcome: &mut engine::Outcome) {
        let mut real_of: std::collections::HashMap<String, Option<String>> =
            std::collections::HashMap::new();
        let mut name_of = |path: &str| -> Option<String> {
            real_of
                .entry(path.to_string())
                .or_insert_with(|| {
                    let real = std::path::Path::new(path).canonicalize().ok()?;
                    self.named.get(&real).cloned()
                })
                .clone()
        };
        let sources = &mut outcome.sources;
        outcome.findings.retain_mut(|f| {
            let mut involved = false;
            if let Some(name) = name_of(&f.path) {
                if let Some(text) = sources.get(&f.path).cloned() {
                    sources.insert(name.clone(), text);
                }
                f.path = name;
                involved = true;
            }
            for l in &mut f.labels {
                if let Some(name) = name_of(&l.path) {
                    if let Some(text) = sources.get(&l.path).cloned() {
                        sources.insert(name.clone(), text);
                    }
                    l.path = name;
                    involved = true;
                }
            }
            involved
        });
        outcome
            .findings
            .sort_by(|a, b| (&a.path, a.start, a.rule).cmp(&(&b.path, b.start, b.rule)));
    }
}

/// `root` as a path from `cwd` (`.`, `../..`, `proj`), or absolute when it is neither
/// above nor below `cwd`.
fn relative_to(root: &std::path::Path, cwd: &std::path::Path) -> PathBuf {
    let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
    if let Ok(below) = root.strip_prefix(&cwd)
        && !below.as_os_str().is_empty()
    {
        return below.to_path_buf();
    }
    match cwd.strip_prefix(root) {
        Ok(below) => {
            let up = below.components().count();
            if up == 0 {
                PathBuf::from(".")
            } else {
                (0..up).map(|_| "..").collect()
            }
        }
        Err(_) => root.to_path_buf(),
    }
}

fn calibrate(device: u32, sizes: &[u64], repeat: u32, write: Option<&std::path::Path>) -> ExitCode {
    use ghosttax::calibrate::{self, Class, Driver};
    let mut driver = match calibrate::cuda::Cuda::load() {
        Ok(d) => d,
        Err(e) => {
            eprintln!(
                "error: no CUDA driver found: calibrate needs an NVIDIA GPU; the default ratio \
                 {} stays in force ({})",
                tax::DEFAULT_ALLOC_RATIO,
                report::sanitize(&e)
            );
            return ExitCode::from(2);
        }
    };
    let run = (|| {
        let (name, version) = driver.open(device)?;
        let header = format!(
            "ghosttax calibrate: {name} (device {device}), {version}, {} {}",
            std::env::consts::OS,
            std::env::consts::ARCH
        );
        eprintln!(
            "{header}: measuring {} sizes × {repeat} readings per class ...",
            sizes.len()
        );
        let readings = calibrate::measure(&mut driver, sizes, repeat, calibrate::settle())?;
        Ok::<_, String>((header, readings))
    })();
    let (header, readings) = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}", report::sanitize(&e));
            return ExitCode::from(2);
        }
    };
    print!("{}", calibrate::table(&header, &readings, sizes));
    let alloc = calibrate::fit(&readings, Class::Alloc).map_or(0.0, |f| f.ratio);
    let register = calibrate::fit(&readings, Class::Register).map_or(0.0, |f| f.ratio);
    if alloc < 0.01 {
        println!(
            "\nPinned memory reserved no measurable VRAM here: this driver model (Linux, or TCC \
             on Windows) has no WDDM ghost tax. Pinning still costs time and page-locked RAM. \
             The default ratios ({} / {}) estimate the tax on Windows WDDM machines; keep them \
             unless this is the only kind of machine you deploy to.",
            tax::DEFAULT_ALLOC_RATIO,
            tax::DEFAULT_REGISTER_RATIO
        );
    } else {
        println!(
            "\nPut these in ghosttax.toml (or use --write-config):\n[tax]\nratio = {alloc:.4}\nregister_ratio = {register:.4}"
        );
    }
    if let Some(path) = write {
        if let Err(e) = calibrate::write_config(path, alloc, register) {
            eprintln!("error: {}", report::sanitize(&e));
            return ExitCode::from(2);
        }
        println!(
            "wrote [tax] ratio and register_ratio to {} (clamped into (0, 1])",
            report::sanitize(&path.to_string_lossy())
        );
    }
    ExitCode::SUCCESS
}

fn trace(command: Vec<String>, output: PathBuf, quiet: bool) -> ExitCode {
    ExitCode::from(ghosttax::trace::run(&ghosttax::trace::Options {
        command,
        output,
        quiet,
    }))
}

fn exit_for_errors(outcome: &engine::Outcome) -> ExitCode {
    if outcome.errors.iter().any(|e| e.explicit) {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

fn stderr_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

fn print_rules(format: RulesFormat) {
    match format {
        RulesFormat::Text => {
            let rows: Vec<[String; 5]> = rules::ALL
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
            // Each column as wide as its widest entry, two spaces between columns.
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
            // A closed pipe (`| head`) is not worth a panic.
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush());
        }
        RulesFormat::Json => {
            let list: Vec<serde_json::Value> = rules::ALL
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
            println!(
                "{}",
                serde_json::to_string_pretty(&list).unwrap_or_default()
            );
        }
    }
}
