//! Configuration: `ghosttax.toml` / `.ghosttax.toml` / `[tool.ghosttax]` in `pyproject.toml`,
//! discovered upward from the checked path (the current directory when none is named), as
//! ruff and flake8 find theirs. Every key is checked: an unknown key, a
//! wrong type or a bad value is an error that names the file, line and column.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::catalog::{Catalog, Entry, KeywordEntry, RawEntry};
use crate::finding::Severity;

/// A configuration problem, with where it is.
#[derive(Debug)]
pub struct ConfigError {
    pub path: PathBuf,
    pub text: String,
    pub span: Option<Range<usize>>,
    pub message: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FileConfig {
    pub tax: Option<TaxTable>,
    pub select: Option<Vec<Spanned<String>>>,
    pub ignore: Option<Vec<Spanned<String>>>,
    pub extend_select: Option<Vec<Spanned<String>>>,
    pub severity: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    pub exclude: Option<Vec<Spanned<String>>>,
    /// Apply `exclude` to files named on the command line too (pre-commit passes them).
    pub force_exclude: Option<bool>,
    /// Check test and benchmark code like any other code (else its findings are `info`).
    pub tests_as_code: Option<bool>,
    /// Check vendored copies of other projects (`third_party/`, ..) like the project's own
    /// code (else their findings are `info`).
    pub vendored_as_code: Option<bool>,
    pub per_file_ignores: Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>,
    pub max_file_size: Option<Spanned<SizeValue>>,
    pub tiny_alloc_threshold: Option<Spanned<SizeValue>>,
    /// Extra APIs, same schema as `rules/catalog.toml`.
    pub api: Option<Vec<Spanned<RawEntry>>>,
    /// Extra per-batch entry points, same schema as `rules/entry_points.toml`.
    pub entry: Option<Vec<Entry>>,
    pub keyword: Option<Vec<KeywordEntry>>,
    /// Extra callback-registering calls, same schema as `rules/entry_points.toml`.
    pub hook: Option<Vec<KeywordEntry>>,
    /// Extra C-family callback registrations, same schema as `rules/entry_points.toml`.
    pub callback: Option<Vec<crate::catalog::CallbackEntry>>,
    /// More setup-function and device names, same schema as `rules/context.toml`.
    pub context: Option<crate::catalog::ContextNames>,
    /// More owner types, free functions, finalizers, same schema as `rules/ownership.toml`.
    pub ownership: Option<crate::catalog::OwnershipNames>,
    /// Continuous integration: `diff-base = "origin/main"` reports only new findings.
    pub ci: Option<CiTable>,
    /// `check --trace`: GT401's thresholds.
    pub trace: Option<TraceTable>,
}

/// `[trace]`: a site GT401 reports pinned at least `min-calls` times, or more than once
/// leaving at least `min-unreleased` pinned.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TraceTable {
    pub min_calls: Option<Spanned<i64>>,
    pub min_unreleased: Option<Spanned<SizeValue>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CiTable {
    pub diff_base: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxTable {
    pub ratio: Option<Spanned<f64>>,
    pub register_ratio: Option<Spanned<f64>>,
    /// The card's memory, e.g. `"8GiB"`: taxes are then also given as a share of it.
    pub vram: Option<Spanned<SizeValue>>,
    /// With `vram`: sites whose tax takes at least this share of it (0.1) are marked.
    pub vram_share: Option<Spanned<f64>>,
    /// Values for names the code leaves free (`batch_size = 64`), like `--assume`.
    pub assume: Option<BTreeMap<String, Spanned<SizeValue>>>,
}

/// A size written as bytes (`4096`) or with a unit (`"64KiB"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SizeValue {
    Bytes(u64),
    Text(String),
}

#[derive(Deserialize)]
struct PyProject {
    tool: Option<PyTool>,
}

#[derive(Deserialize)]
struct PyTool {
    ghosttax: Option<toml::Value>,
}

/// A loaded configuration and where it came from.
pub struct Loaded {
    pub path: PathBuf,
    pub text: String,
    pub config: FileConfig,
}

impl Loaded {
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> ConfigError {
        ConfigError {
            path: self.path.clone(),
            text: self.text.clone(),
            span: Some(span),
            message: message.into(),
        }
    }

    /// The directory paths in the file are relative to.
    pub fn root(&self) -> PathBuf {
        self.path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }
}

/// Find the configuration for a run started in `start`: the nearest `ghosttax.toml` or
/// `.ghosttax.toml`, else the nearest `pyproject.toml` with a `[tool.ghosttax]` table.
pub fn discover(start: &Path) -> Result<Option<Loaded>, ConfigError> {
    match locate(start)? {
        Some(path) => load(&path).map(Some),
        None => Ok(None),
    }
}

/// Where `discover` would load the configuration from (`start` should be absolute, so that
/// its ancestors reach the file system's root).
pub fn locate(start: &Path) -> Result<Option<PathBuf>, ConfigError> {
    let dirs: Vec<&Path> = start.ancestors().collect();
    for dir in &dirs {
        for name in ["ghosttax.toml", ".ghosttax.toml"] {
            let path = dir.join(name);
            if path.is_file() {
                return Ok(Some(path));
            }
        }
    }
    for dir in &dirs {
        let path = dir.join("pyproject.toml");
        if path.is_file() {
            let text = read(&path)?;
            if from_pyproject(&path, text)?.is_some() {
                return Ok(Some(path));
            }
        }
    }
    Ok(None)
}

/// The folder to look for the configuration of a checked path from: the path itself for a
/// folder, its folder for a file; absolute.
pub fn start_of(path: &Path, cwd: &Path) -> PathBuf {
    let full = cwd.join(path);
    let full = full.canonicalize().unwrap_or(full);
    if full.is_dir() {
        full
    } else {
        full.parent()
            .map_or_else(|| cwd.to_path_buf(), Path::to_path_buf)
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path).map_err(|e| ConfigError {
        path: path.to_path_buf(),
        text: String::new(),
        span: None,
        message: format!("cannot read the configuration: {e}"),
    })
}

/// Load a file named with `--config` (a ghosttax TOML file, or a `pyproject.toml`).
pub fn load(path: &Path) -> Result<Loaded, ConfigError> {
    let text = read(path)?;
    if path.file_name().is_some_and(|n| n == "pyproject.toml") {
        return from_pyproject(path, text)?.ok_or_else(|| ConfigError {
            path: path.to_path_buf(),
            text: String::new(),
            span: None,
            message: "this pyproject.toml has no [tool.ghosttax] table".into(),
        });
    }
    match toml::from_str::<FileConfig>(&text) {
        Ok(config) => Ok(Loaded {
            path: path.to_path_buf(),
            text,
            config,
        }),
        Err(e) => Err(ConfigError {
            path: path.to_path_buf(),
            span: e.span(),
            message: e.message().to_string(),
            text,
        }),
    }
}

fn from_pyproject(path: &Path, text: String) -> Result<Option<Loaded>, ConfigError> {
    let fail = |e: toml::de::Error, text: &str| ConfigError {
        path: path.to_path_buf(),
        span: e.span(),
        message: e.message().to_string(),
        text: text.to_string(),
    };
    let project: PyProject = toml::from_str(&text).map_err(|e| fail(e, &text))?;
    if project.tool.and_then(|t| t.ghosttax).is_none() {
        return Ok(None);
    }
    // Parse the table again in place so that errors point into the real file.
    #[derive(Deserialize)]
    struct Tool {
        ghosttax: FileConfig,
    }
    #[derive(Deserialize)]
    struct Whole {
        tool: Tool,
    }
    let whole: Whole = toml::from_str(&text).map_err(|e| fail(e, &text))?;
    Ok(Some(Loaded {
        path: path.to_path_buf(),
        text,
        config: whole.tool.ghosttax,
    }))
}

/// Parse `4096`, `"64KiB"`, `"10MiB"`, `"8GiB"` (KB/MB/GB are read as binary units).
pub fn parse_size(text: &str) -> Result<u64, String> {
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
        "t" | "tb" | "tib" => 1 << 40,
        _ => return Err(format!("`{text}`: unknown unit (use KiB, MiB or GiB)")),
    };
    n.checked_mul(mult)
        .ok_or_else(|| format!("`{text}` is too large"))
}

impl Loaded {
    pub fn size(&self, value: &Spanned<SizeValue>) -> Result<u64, ConfigError> {
        match value.get_ref() {
            SizeValue::Bytes(n) => Ok(*n),
            SizeValue::Text(t) => parse_size(t).map_err(|m| self.error(value.span(), m)),
        }
    }

    /// A count of at least 1.
    pub fn count(&self, value: &Spanned<i64>) -> Result<u64, ConfigError> {
        u64::try_from(*value.get_ref())
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| self.error(value.span(), "expected a count of at least 1"))
    }

    pub fn ratio(&self, value: &Spanned<f64>) -> Result<f64, ConfigError> {
        let r = *value.get_ref();
        if r > 0.0 && r <= 1.0 {
            Ok(r)
        } else {
            Err(self.error(value.span(), format!("ratio {r} is outside (0, 1]")))
        }
    }

    /// Rule codes as written, each checked against the known rules.
    pub fn codes(&self, list: &[Spanned<String>]) -> Result<Vec<String>, ConfigError> {
        list.iter()
            .map(|c| {
                crate::rules::expand(c.get_ref())
                    .map(|_| c.get_ref().clone())
                    .map_err(|m| self.error(c.span(), m))
            })
            .collect()
    }

    pub fn severities(&self) -> Result<Vec<(&'static str, Severity)>, ConfigError> {
        let mut out = Vec::new();
        for (code, level) in self.config.severity.iter().flatten() {
            let codes =
                crate::rules::expand(code.get_ref()).map_err(|m| self.error(code.span(), m))?;
            let severity = match level.get_ref().as_str() {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "info" => Severity::Info,
                other => {
                    return Err(self.error(
                        level.span(),
                        format!("unknown severity `{other}` (expected error, warning or info)"),
                    ));
                }
            };
            out.extend(codes.into_iter().map(|c| (c, severity)));
        }
        Ok(out)
    }

    pub fn globs(&self, list: &[Spanned<String>]) -> Result<globset::GlobSet, ConfigError> {
        let mut builder = globset::GlobSetBuilder::new();
        for g in list {
            let glob = globset::Glob::new(g.get_ref())
                .map_err(|e| self.error(g.span(), format!("invalid glob: {e}")))?;
            builder.add(glob);
        }
        builder
            .build()
            .map_err(|e| self.error(0..0, format!("invalid globs: {e}")))
    }

    /// Add the file's `[[api]]`, `[[entry]]` and `[[keyword]]` tables to the catalog.
    pub fn extend_catalog(&self, catalog: &mut Catalog) -> Result<(), ConfigError> {
        for api in self.config.api.iter().flatten() {
            catalog
                .add(api.get_ref().clone())
                .map_err(|m| self.error(api.span(), m))?;
        }
        catalog
            .entry_points
            .entries
            .extend(self.config.entry.iter().flatten().cloned());
        catalog
            .entry_points
            .keywords
            .extend(self.config.keyword.iter().flatten().cloned());
        catalog
            .entry_points
            .hooks
            .extend(self.config.hook.iter().flatten().cloned());
        catalog
            .entry_points
            .callbacks
            .extend(self.config.callback.iter().flatten().cloned());
        if let Some(c) = &self.config.context {
            let names = &mut catalog.context;
            names
                .setup_functions
                .extend(c.setup_functions.iter().cloned());
            names
                .init_functions
                .extend(c.init_functions.iter().cloned());
            names
                .main_functions
                .extend(c.main_functions.iter().cloned());
            names.device_names.extend(c.device_names.iter().cloned());
            names.job_names.extend(c.job_names.iter().cloned());
            names
                .config_parsers
                .extend(c.config_parsers.iter().cloned());
            names
                .distinct_sources
                .extend(c.distinct_sources.iter().cloned());
            names
                .view_functions
                .extend(c.view_functions.iter().cloned());
            names.count_names.extend(c.count_names.iter().cloned());
            names
                .last_error_functions
                .extend(c.last_error_functions.iter().cloned());
            names
                .success_values
                .extend(c.success_values.iter().cloned());
            names
                .state_change_functions
                .extend(c.state_change_functions.iter().cloned());
            names.test_folders.extend(c.test_folders.iter().cloned());
            names.test_files.extend(c.test_files.iter().cloned());
            names
                .test_functions
                .extend(c.test_functions.iter().cloned());
            names
                .assertion_macros
                .extend(c.assertion_macros.iter().cloned());
            names
                .vendored_folders
                .extend(c.vendored_folders.iter().cloned());
            names
                .memoising_decorators
                .extend(c.memoising_decorators.iter().cloned());
            names
                .thread_starters
                .extend(c.thread_starters.iter().cloned());
            names
                .deferred_calls
                .extend(c.deferred_calls.iter().cloned());
            names
                .startup_decorators
                .extend(c.startup_decorators.iter().cloned());
            names.startup_lists.extend(c.startup_lists.iter().cloned());
            names
                .closure_runners
                .extend(c.closure_runners.iter().cloned());
        }
        if let Some(o) = &self.config.ownership {
            let names = &mut catalog.ownership;
            names.owner_types.extend(o.owner_types.iter().cloned());
            names
                .host_free_functions
                .extend(o.host_free_functions.iter().cloned());
            names
                .owning_containers
                .extend(o.owning_containers.iter().cloned());
            names
                .reallocating_methods
                .extend(o.reallocating_methods.iter().cloned());
            names
                .release_methods
                .extend(o.release_methods.iter().cloned());
            names
                .out_pointer_wrappers
                .extend(o.out_pointer_wrappers.iter().cloned());
            names.pointer_casts.extend(o.pointer_casts.iter().cloned());
            names
                .returning_macros
                .extend(o.returning_macros.iter().cloned());
            names
                .checking_macros
                .extend(o.checking_macros.iter().cloned());
            names
                .borrowing_factories
                .extend(o.borrowing_factories.iter().cloned());
            names.device_copies.extend(o.device_copies.iter().cloned());
            names.finalizers.extend(o.finalizers.iter().cloned());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("10MiB"), Ok(10 << 20));
        assert_eq!(parse_size("64 KiB"), Ok(64 << 10));
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert!(parse_size("ten").is_err());
        assert!(parse_size("1PiB").is_err());
    }
}
