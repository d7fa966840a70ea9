//! `ghosttax check`'s flags.

use std::path::PathBuf;

use clap::ValueEnum;

use ghosttax::report::Format;
use ghosttax::{config, tax};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum FailOn {
    Info,
    Warning,
    Error,
}

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    /// Files or directories to check. Directories are walked honouring .gitignore and
    /// .ignore and skipping hidden entries; files named here are always checked.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to FILE (atomically) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// Colour in text output (NO_COLOR in the environment turns `auto` off).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Use this configuration file (a ghosttax TOML file or a pyproject.toml) [default: the
    /// nearest one above the checked paths].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Ignore every configuration file.
    #[arg(long, conflicts_with = "config")]
    pub isolated: bool,
    /// VRAM reserved per pinned byte for allocations under WDDM, in (0, 1] [default: 0.12].
    #[arg(long, value_name = "R", value_parser = tax::parse_ratio)]
    pub tax_ratio: Option<f64>,
    /// VRAM reserved per registered byte (cudaHostRegister), in (0, 1] [default: 0.05].
    #[arg(long, value_name = "R", value_parser = tax::parse_ratio)]
    pub register_ratio: Option<f64>,
    /// The card's memory (e.g. 8GiB): taxes are also given as a share of it.
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    pub vram: Option<u64>,
    /// With `--vram`: mark sites whose tax alone takes at least this share of the card
    /// (`10%` or `0.1`) [default: 10%].
    #[arg(long, value_name = "SHARE", value_parser = tax::parse_share)]
    pub vram_share: Option<f64>,
    /// Rules to run: comma-separated codes, prefixes (`GT2`) or `ALL` (default: every rule
    /// that is on by default).
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    pub select: Vec<String>,
    /// Rules to run in addition to the selected ones.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    pub extend_select: Vec<String>,
    /// Rules not to run: codes, prefixes or `ALL`.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// GT203 flags pinned allocations smaller than this [default: 64KiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    pub tiny_alloc_threshold: Option<u64>,
    /// Values for names the code leaves free, matched on a name's last component
    /// (`self.batch_size`, `args.batch_size`): `batch_size=64,seq_len=4096` (sizes may
    /// carry units: `pool=4GiB`).
    #[arg(long, value_name = "NAME=VALUE", value_delimiter = ',', value_parser = parse_assumption)]
    pub assume: Vec<(String, u64)>,
    /// Join a trace written by `ghosttax trace` to the findings: each finding it reached
    /// shows what was measured (and is priced from it when its size is not static), and
    /// GT401 reports what static analysis missed.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// With `--trace`: GT401 reports a site that pinned at least N times [default: 8].
    #[arg(long, value_name = "N", requires = "trace", value_parser = clap::value_parser!(u64).range(1..))]
    pub trace_min_calls: Option<u64>,
    /// With `--trace`: GT401 reports a site that pinned more than once and left at least
    /// this much pinned at exit [default: 1MiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size, requires = "trace")]
    pub trace_min_unreleased: Option<u64>,
    /// Check test and benchmark code (a `tests/` folder, `test_*.py`, gtest's `TEST`, Rust's
    /// `#[test]`, ..) like any other code; by default its findings are reported at info.
    #[arg(long)]
    pub tests_as_code: bool,
    /// Check vendored copies of other projects (a `third_party/` or `vendor/` folder) like
    /// the project's own code: the default, since vendored code runs in your process.
    #[arg(long, conflicts_with = "no_vendored_as_code")]
    pub vendored_as_code: bool,
    /// Report findings in vendored copies of other projects at info (the fix belongs
    /// upstream); the same as `vendored-as-code = false` in the configuration.
    #[arg(long)]
    pub no_vendored_as_code: bool,
    /// With files named on the command line (as pre-commit passes them), index the rest of
    /// this directory for callers, callees and hand-offs; findings are still reported only
    /// on the named files [default: each file's project: the git work tree around it, else
    /// the nearest folder above it with a pyproject.toml or ghosttax.toml].
    #[arg(long, value_name = "DIR", conflicts_with = "no_context")]
    pub context: Option<PathBuf>,
    /// Check the named files alone, without the rest of the repository.
    #[arg(long)]
    pub no_context: bool,
    /// Report only findings that are new relative to git revision REV (its merge base with
    /// HEAD, as `git diff REV...` means); also `[ci] diff-base` in the configuration.
    #[arg(long, value_name = "REV")]
    pub diff_base: Option<String>,
    /// Report only findings not recorded in this baseline file.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record the current findings in FILE (JSON, sorted) and exit 0.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// Exit 0 even when there are findings (errors still exit 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// The lowest severity that makes the run fail (exit 1).
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    pub fail_on: FailOn,
    /// Print counts and tax totals per rule and per top-level directory instead of findings.
    #[arg(long)]
    pub statistics: bool,
    /// Worker threads (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Skip files larger than this [default: 10MiB].
    #[arg(long, value_name = "SIZE", value_parser = config::parse_size)]
    pub max_file_size: Option<u64>,
    /// Also print notes about skipped and partly checked files.
    #[arg(short, long)]
    pub verbose: bool,
    /// Print findings only: no summary line or notes.
    #[arg(short, long)]
    pub quiet: bool,
    /// Neither read nor write the persistent cache (`.ghosttax_cache/`): analyse every file
    /// afresh.
    #[arg(long, conflicts_with = "cache_dir")]
    pub no_cache: bool,
    /// Keep the persistent cache in DIR (also `GHOSTTAX_CACHE_DIR`) [default:
    /// `.ghosttax_cache` at the project's root].
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Parse every file that mentions an API whole, not only the parts that matter
    /// (slower; for checking the faster default against).
    #[arg(long, hide = true)]
    pub whole_files: bool,
}

/// `--assume NAME=VALUE`: a name (or `nbytes(NAME)`, a tensor's size) and a non-negative
/// integer (or a size with a unit).
fn parse_assumption(text: &str) -> Result<(String, u64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not NAME=VALUE"))?;
    let name = name.trim();
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_');
    let inner = name
        .strip_prefix("nbytes(")
        .and_then(|r| r.strip_suffix(')'))
        .map(str::trim);
    if !word(name) && !inner.is_some_and(word) {
        return Err(format!(
            "`{name}` is not a name (letters, digits, `_`) or `nbytes(NAME)`"
        ));
    }
    let name = inner.map_or(name.to_string(), |n| format!("nbytes({n})"));
    Ok((name, config::parse_size(value)?))
}
