//! `check`'s first stage: the configuration file (found, named or ignored) and the run's
//! options, from flags over the file over defaults.

use std::collections::{HashMap, HashSet};
use std::io::IsTerminal;
use std::path::PathBuf;

use globset::{GlobMatcher, GlobSet};

use ghosttax::analysis::view::{self, Settings};
use ghosttax::catalog::Catalog;
use ghosttax::config::{self, ConfigError, Loaded};
use ghosttax::finding::Severity;
use ghosttax::report::{self, Format};
use ghosttax::tax::{Assumptions, Ratios};
use ghosttax::{engine, rules};

use super::args::Args;

/// The configuration file `check` reads: none with `--isolated`, the one `--config` names,
/// else the one found from the checked paths.
pub fn load_config(args: &Args) -> Result<Option<Loaded>, ConfigError> {
    if args.isolated {
        Ok(None)
    } else if let Some(path) = &args.config {
        config::load(path).map(Some)
    } else {
        discover_config(&args.paths, args.quiet)
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
    let mut seen = HashSet::new();
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

/// `[ci] diff-base` of the configuration file.
pub fn configured_diff_base(loaded: Option<&Loaded>) -> Option<String> {
    loaded
        .and_then(|l| l.config.ci.as_ref())
        .and_then(|c| c.diff_base.clone())
}

/// What the configuration file sets, over the defaults; flags go over these.
struct FromFile {
    ratios: Ratios,
    vram: Option<u64>,
    vram_share: f64,
    tiny_alloc_bytes: u64,
    trace_min_calls: u64,
    trace_min_unreleased: u64,
    max_file_size: u64,
    assumed: Vec<(String, u64)>,
    select: Vec<String>,
    extend_select: Vec<String>,
    ignore: Vec<String>,
    severities: HashMap<&'static str, Severity>,
    exclude: Option<GlobSet>,
    per_file_ignores: Vec<(GlobMatcher, Vec<&'static str>)>,
    tests_as_code: bool,
    vendored_as_code: bool,
    force_exclude: bool,
}

impl Default for FromFile {
    fn default() -> Self {
        FromFile {
            ratios: Ratios::default(),
            vram: None,
            vram_share: view::DEFAULT_VRAM_SHARE,
            tiny_alloc_bytes: 64 << 10,
            trace_min_calls: view::DEFAULT_TRACE_MIN_CALLS,
            trace_min_unreleased: view::DEFAULT_TRACE_MIN_UNRELEASED,
            max_file_size: 10 << 20,
            assumed: Vec::new(),
            select: Vec::new(),
            extend_select: Vec::new(),
            ignore: Vec::new(),
            severities: HashMap::new(),
            exclude: None,
            per_file_ignores: Vec::new(),
            tests_as_code: false,
            vendored_as_code: true,
            force_exclude: false,
        }
    }
}

/// Read every value of the configuration file (each checked, with the file's span on error)
/// and add its `[[api]]` entries to the catalog.
fn read_file(l: &Loaded, catalog: &mut Catalog) -> Result<FromFile, ConfigError> {
    let mut file = FromFile::default();
    let cfg = &l.config;
    if let Some(t) = &cfg.tax {
        if let Some(r) = &t.ratio {
            file.ratios.alloc = l.ratio(r)?;
        }
        if let Some(r) = &t.register_ratio {
            file.ratios.register = l.ratio(r)?;
        }
        if let Some(v) = &t.vram {
            file.vram = Some(l.size(v)?);
        }
        if let Some(r) = &t.vram_share {
            file.vram_share = l.ratio(r)?;
        }
        for (name, value) in t.assume.iter().flatten() {
            file.assumed.push((name.clone(), l.size(value)?));
        }
    }
    if let Some(v) = &cfg.tiny_alloc_threshold {
        file.tiny_alloc_bytes = l.size(v)?;
    }
    if let Some(t) = &cfg.trace {
        if let Some(n) = &t.min_calls {
            file.trace_min_calls = l.count(n)?;
        }
        if let Some(v) = &t.min_unreleased {
            file.trace_min_unreleased = l.size(v)?;
        }
    }
    if let Some(v) = &cfg.max_file_size {
        file.max_file_size = l.size(v)?;
    }
    file.select = l.codes(cfg.select.as_deref().unwrap_or_default())?;
    file.extend_select = l.codes(cfg.extend_select.as_deref().unwrap_or_default())?;
    file.ignore = l.codes(cfg.ignore.as_deref().unwrap_or_default())?;
    file.severities.extend(l.severities()?);
    if let Some(globs) = &cfg.exclude {
        file.exclude = Some(l.globs(globs)?);
    }
    for (glob, codes) in cfg.per_file_ignores.iter().flatten() {
        let matcher = globset::Glob::new(glob.get_ref())
            .map_err(|e| l.error(glob.span(), format!("invalid glob: {e}")))?
            .compile_matcher();
        let mut list = Vec::new();
        for c in codes {
            list.extend(rules::expand(c.get_ref()).map_err(|m| l.error(c.span(), m))?);
        }
        file.per_file_ignores.push((matcher, list));
    }
    file.tests_as_code = cfg.tests_as_code.unwrap_or(false);
    file.vendored_as_code = cfg.vendored_as_code.unwrap_or(true);
    file.force_exclude = cfg.force_exclude.unwrap_or(false);
    l.extend_catalog(catalog)?;
    Ok(file)
}

/// A usage error: a message without a file.
fn usage(message: String) -> ConfigError {
    ConfigError {
        path: PathBuf::new(),
        text: String::new(),
        span: None,
        message,
    }
}

/// Everything a run needs, from flags over the configuration file over defaults.
pub fn options(
    args: &Args,
    loaded: Option<&Loaded>,
    catalog: &mut Catalog,
) -> Result<engine::Options, ConfigError> {
    let file_vram = loaded
        .and_then(|l| l.config.tax.as_ref())
        .and_then(|t| t.vram.as_ref());
    if args.vram_share.is_some() && args.vram.is_none() && file_vram.is_none() {
        return Err(usage(
            "`--vram-share` is a share of the card: give its memory too, with `--vram 8GiB` \
             or `[tax] vram = \"8GiB\"`"
                .into(),
        ));
    }
    let file = match loaded {
        Some(l) => read_file(l, catalog)?,
        None => FromFile::default(),
    };
    let select = if args.select.is_empty() {
        file.select
    } else {
        args.select.clone()
    };
    let extend_select: Vec<String> = file
        .extend_select
        .into_iter()
        .chain(args.extend_select.iter().cloned())
        .collect();
    let ignore: Vec<String> = file
        .ignore
        .into_iter()
        .chain(args.ignore.iter().cloned())
        .collect();
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
    let assume = std::sync::Arc::new(Assumptions::new(
        file.assumed
            .into_iter()
            .chain(args.assume.iter().cloned())
            .map(|(k, v)| (k, i128::from(v))),
    ));
    Ok(engine::Options {
        paths,
        settings: Settings {
            ratios: Ratios {
                alloc: args.tax_ratio.unwrap_or(file.ratios.alloc),
                register: args.register_ratio.unwrap_or(file.ratios.register),
            },
            tiny_alloc_bytes: args.tiny_alloc_threshold.unwrap_or(file.tiny_alloc_bytes),
            vram: args.vram.or(file.vram),
            vram_share: args.vram_share.unwrap_or(file.vram_share),
            tests_as_code: args.tests_as_code || file.tests_as_code,
            vendored_as_code: args.vendored_as_code
                || (!args.no_vendored_as_code && file.vendored_as_code),
            assume,
            trace_min_calls: args.trace_min_calls.unwrap_or(file.trace_min_calls),
            trace_min_unreleased: args
                .trace_min_unreleased
                .unwrap_or(file.trace_min_unreleased),
        },
        selected,
        threads,
        max_file_size: args.max_file_size.unwrap_or(file.max_file_size),
        keep_source: matches!(args.format, Format::Text | Format::Html) && !args.statistics,
        exclude: file.exclude,
        force_exclude: file.force_exclude,
        per_file_ignores: file.per_file_ignores,
        severities: file.severities,
        progress: !args.quiet
            && matches!(args.format, Format::Text | Format::Concise)
            && args.output_file.is_none()
            && std::io::stderr().is_terminal(),
        whole_files: args.whole_files,
        trace: None,
        cache: (!args.no_cache).then(|| engine::cache::CacheConfig {
            dir: crate::commands::clean::cache_dir(args.cache_dir.as_deref(), &args.paths, loaded),
            whole_run: true,
        }),
    })
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
