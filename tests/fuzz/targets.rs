//! The fuzz targets: each runs one input through the real entry points and returns what
//! it reached (features), panicking on a broken invariant.
//!
//! - `python`, `cfamily`, `rust`: each file through its front end whole
//!   (`Parsers::build`), lazily (only the items that matter, `Extent::Lazy`), through the
//!   single-file rules; then the whole project through `engine::run` (scan, parse, link,
//!   analyse, fold, suppress) and every reporter.
//! - `config`: `config::load` of a `ghosttax.toml` or `pyproject.toml`, every value read as
//!   the binary reads it, the catalog extended, and a run with it; one input in eight also
//!   through the binary (`ghosttax check`).
//! - `trace`: `tracefile::parse` and `read`, then `engine::run` with the trace joined.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ghosttax::analysis::index::{IndexedFile, ProjectIndex};
use ghosttax::analysis::names::NameSet;
use ghosttax::analysis::view::{Context, ProjectContext, Settings};
use ghosttax::catalog::Catalog;
use ghosttax::engine::{self, Options, Outcome};
use ghosttax::frontend::items::Plan;
use ghosttax::frontend::{Extent, Lazy, Parsers, Seed, Wanted};
use ghosttax::model::{FileModel, Language};
use ghosttax::report::{self, Format};
use ghosttax::rules;
use ghosttax::scan::idents::{Idents, Scratch};
use ghosttax::scan::prefilter::Prefilter;
use ghosttax::source::LineIndex;

use crate::generate::{self, Gen};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Python,
    CFamily,
    Rust,
    Config,
    Trace,
}

pub const ALL: [Target; 5] = [
    Target::Python,
    Target::CFamily,
    Target::Rust,
    Target::Config,
    Target::Trace,
];

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Python => "python",
            Target::CFamily => "cfamily",
            Target::Rust => "rust",
            Target::Config => "config",
            Target::Trace => "trace",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        ALL.into_iter().find(|t| t.name() == name)
    }

    /// The file names an input's files take (the first is the default).
    pub fn file_names(self) -> &'static [&'static str] {
        match self {
            Target::Python => &[
                "main.py",
                "pool.py",
                "tests/test_x.py",
                "third_party/v.py",
                "train.pyi",
            ],
            Target::CFamily => &[
                "main.cu",
                "pool.cpp",
                "a.c",
                "a.h",
                "k.hip",
                "k.cuh",
                "x.cc",
                "vendor/y.hpp",
            ],
            Target::Rust => &["main.rs", "lib.rs", "src/pool.rs", "tests/t.rs"],
            Target::Config => &["ghosttax.toml", "pyproject.toml", ".ghosttax.toml"],
            Target::Trace => &["trace.json"],
        }
    }

    /// A fresh input from the grammar.
    pub fn generate(self, g: &mut Gen) -> Input {
        let names = self.file_names();
        match self {
            Target::Python | Target::CFamily | Target::Rust => {
                let n = if g.chance(0.3) { 2 + g.below(2) } else { 1 };
                (0..n)
                    .map(|i| {
                        let name = if i == 0 { names[0] } else { g.word(names) };
                        let text = match self {
                            Target::Python => generate::python(g),
                            Target::CFamily => generate::cfamily(g),
                            _ => generate::rust(g),
                        };
                        (name.to_string(), text.into_bytes())
                    })
                    .collect()
            }
            Target::Config => {
                let text = generate::config(g);
                let name = if text.contains("[tool.ghosttax]") {
                    "pyproject.toml"
                } else {
                    g.word(&["ghosttax.toml", ".ghosttax.toml"])
                };
                vec![(name.to_string(), text.into_bytes())]
            }
            Target::Trace => vec![(names[0].to_string(), generate::trace(g).into_bytes())],
        }
    }
}

/// An input: one or more files (name, bytes).
pub type Input = Vec<(String, Vec<u8>)>;

/// The marker line between files of a stored input.
const MARKER: &[u8] = b"\n@@fuzz-file ";

/// One file of bytes holding an input: a marker line with the first file's name unless it
/// is the target's default, its bytes, then a marker line and the bytes of each further
/// file.
pub fn encode(target: Target, input: &Input) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, (name, bytes)) in input.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(MARKER);
        } else if name != target.file_names()[0] {
            out.extend_from_slice(&MARKER[1..]);
        }
        if i > 0 || name != target.file_names()[0] {
            out.extend_from_slice(name.as_bytes());
            out.push(b'\n');
        }
        out.extend_from_slice(bytes);
    }
    out
}

/// Read a stored input back; bytes before any marker belong to the target's default file.
pub fn decode(target: Target, bytes: &[u8]) -> Input {
    let mut files: Input = Vec::new();
    let default = target.file_names()[0].to_string();
    let mut rest = bytes;
    let mut name = default.clone();
    if let Some(after) = rest.strip_prefix(&MARKER[1..]) {
        let end = after
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(after.len());
        name = String::from_utf8_lossy(&after[..end]).into_owned();
        rest = after.get(end + 1..).unwrap_or_default();
    }
    loop {
        let split = rest.windows(MARKER.len()).position(|w| w == MARKER);
        let (body, next) = match split {
            Some(i) => (&rest[..i], Some(&rest[i + MARKER.len()..])),
            None => (rest, None),
        };
        files.push((safe_name(target, &name), body.to_vec()));
        let Some(next) = next else { break };
        let end = next.iter().position(|&b| b == b'\n').unwrap_or(next.len());
        name = String::from_utf8_lossy(&next[..end]).into_owned();
        rest = next.get(end + 1..).unwrap_or_default();
    }
    files
}

/// A relative file name inside the project folder (a mutated marker cannot write
/// elsewhere); the default name otherwise.
fn safe_name(target: Target, name: &str) -> String {
    let ok = !name.is_empty()
        && name.len() < 100
        && !name.starts_with('/')
        && name
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
    if ok {
        name.to_string()
    } else {
        target.file_names()[0].to_string()
    }
}

/// What one run of an input reached, and how long its slowest file took.
#[derive(Default)]
pub struct Reached {
    pub features: HashSet<String>,
    /// The slowest stage per file: (stage, CPU time, files it covered).
    pub slowest: Option<(String, Duration, usize)>,
}

impl Reached {
    fn add(&mut self, f: String) {
        self.features.insert(f);
    }

    /// The CPU time per file of the slowest stage.
    pub fn slowest_per_file(&self) -> Duration {
        self.slowest
            .as_ref()
            .map_or(Duration::ZERO, |(_, t, n)| *t / (*n).max(1) as u32)
    }

    fn time(&mut self, stage: &str, files: usize, since: Duration) {
        let took = cpu_time().saturating_sub(since);
        let per = took / files.max(1) as u32;
        if self
            .slowest
            .as_ref()
            .is_none_or(|(_, t, n)| per > *t / (*n).max(1) as u32)
        {
            self.slowest = Some((stage.to_string(), took, files.max(1)));
        }
    }
}

/// What a worker keeps between inputs.
pub struct Worker {
    catalog: Catalog,
    parsers: Parsers,
    dir: tempfile::TempDir,
    binary: Option<PathBuf>,
}

impl Worker {
    pub fn new(binary: Option<PathBuf>) -> Worker {
        Worker {
            catalog: Catalog::builtin(),
            parsers: Parsers::new(),
            dir: tempfile::tempdir().expect("tempdir"),
            binary,
        }
    }

    /// Every API name the catalog knows (what the generators call).
    pub fn api_names(&self) -> Vec<String> {
        self.catalog.apis.iter().map(|a| a.name.clone()).collect()
    }

    /// An empty project folder.
    fn project(&self) -> PathBuf {
        let root = self.dir.path().join("p");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("project folder");
        root
    }

    pub fn run(&mut self, target: Target, input: &Input, whole: bool) -> Reached {
        match target {
            Target::Python | Target::CFamily | Target::Rust => self.sources(input, whole),
            Target::Config => self.config(input),
            Target::Trace => self.trace(input),
        }
    }

    fn sources(&mut self, input: &Input, whole: bool) -> Reached {
        let mut reached = Reached::default();
        for (name, bytes) in input {
            let Some(lang) = language(name) else { continue };
            let text = ghosttax::discover::decode(bytes.clone());
            let started = cpu_time();
            self.front_end(lang, &text, &mut reached);
            reached.time("front end", 1, started);
            let started = cpu_time();
            lazy(&mut self.parsers, lang, &text, &self.catalog);
            reached.time("lazy parse", 1, started);
        }
        let root = self.project();
        write_files(&root, input);
        let started = cpu_time();
        let outcome = engine::run(
            &options(&root, whole, None, Settings::default()),
            &self.catalog,
        );
        reached.time("engine", input.len(), started);
        check_outcome(&outcome, &root, &mut reached);
        reached
    }

    fn front_end(&mut self, lang: Language, text: &str, reached: &mut Reached) {
        let model = match self.parsers.build(lang, text, &self.catalog) {
            Ok(m) => m,
            Err(e) => {
                reached.add(format!("front end error {}", normalise(&e, None)));
                return;
            }
        };
        shape(&model, lang, reached);
        for ev in &model.events {
            assert!(
                ev.span.start <= ev.span.end && ev.span.end <= text.len(),
                "an event's span {:?} lies outside the text ({} bytes)",
                ev.span,
                text.len()
            );
        }
        let settings = Settings::default();
        let ctx = Context::new(&model, &self.catalog, &settings, lang);
        let findings = rules::check(&ctx);
        let lines = LineIndex::new(text);
        for f in &findings {
            let p = lines.position(text, f.span.start);
            assert!(p.line >= 1 && p.column >= 1);
            reached.add(format!("file rule {} {}", f.rule, lang.name()));
        }
        let index = ProjectIndex::new(
            vec![IndexedFile {
                path: "x".into(),
                real_path: "x".into(),
                language: lang,
                depth: 1,
                model,
                stem: "x".into(),
                idents: Default::default(),
            }],
            Default::default(),
            Default::default(),
            Default::default(),
            Default::default(),
            Default::default(),
            Default::default(),
        );
        let selected = rules::ALL.iter().map(|r| r.code).collect();
        let _ = rules::check_project(&ProjectContext {
            index: &index,
            catalog: &self.catalog,
            settings: &settings,
            selected: &selected,
        });
    }

    fn config(&mut self, input: &Input) -> Reached {
        let mut reached = Reached::default();
        let root = self.project();
        write_files(&root, input);
        write_files(&root, &config_project());
        let Some((name, bytes)) = input.first() else {
            return reached;
        };
        let path = root.join(name);
        let started = cpu_time();
        let loaded = ghosttax::config::load(&path);
        // The folder walk finds the same file, or a nearer one.
        let _ = ghosttax::config::discover(&root.join("src"));
        let loaded = match loaded {
            Ok(l) => l,
            Err(e) => {
                let shown = report::render_config_error(&e, true);
                assert!(!shown.is_empty());
                reached.add(format!(
                    "config error {}",
                    normalise(&e.message, Some(&root))
                ));
                reached.time("config", 1, started);
                self.binary_check(&root, bytes, &mut reached);
                return reached;
            }
        };
        reached.add("config loaded".into());
        let mut catalog = self.catalog.clone();
        let mut settings = Settings::default();
        let mut errors = Vec::new();
        let cfg = &loaded.config;
        if let Some(t) = &cfg.tax {
            if let Some(r) = &t.ratio {
                match loaded.ratio(r) {
                    Ok(v) => settings.ratios.alloc = v,
                    Err(e) => errors.push(e),
                }
            }
            if let Some(v) = &t.vram {
                match loaded.size(v) {
                    Ok(v) => settings.vram = Some(v),
                    Err(e) => errors.push(e),
                }
            }
            if let Some(r) = &t.vram_share {
                match loaded.ratio(r) {
                    Ok(v) => settings.vram_share = v,
                    Err(e) => errors.push(e),
                }
            }
            for value in t.assume.iter().flat_map(|m| m.values()) {
                if let Err(e) = loaded.size(value) {
                    errors.push(e);
                }
            }
        }
        if let Some(v) = &cfg.tiny_alloc_threshold {
            match loaded.size(v) {
                Ok(v) => settings.tiny_alloc_bytes = v,
                Err(e) => errors.push(e),
            }
        }
        if let Some(n) = cfg.trace.as_ref().and_then(|t| t.min_calls.as_ref()) {
            match loaded.count(n) {
                Ok(v) => settings.trace_min_calls = v,
                Err(e) => errors.push(e),
            }
        }
        for list in [&cfg.select, &cfg.extend_select, &cfg.ignore] {
            if let Err(e) = loaded.codes(list.as_deref().unwrap_or_default()) {
                errors.push(e);
            }
        }
        if let Err(e) = loaded.severities() {
            errors.push(e);
        }
        if let Some(Err(e)) = cfg.exclude.as_ref().map(|globs| loaded.globs(globs)) {
            errors.push(e);
        }
        for codes in cfg.per_file_ignores.iter().flat_map(|m| m.values()) {
            for c in codes {
                let _ = rules::expand(c.get_ref());
            }
        }
        if let Err(e) = loaded.extend_catalog(&mut catalog) {
            errors.push(e);
        }
        for e in &errors {
            let _ = report::render_config_error(e, false);
            reached.add(format!(
                "config value error {}",
                normalise(&e.message, Some(&root))
            ));
        }
        reached.time("config", 1, started);
        let started = cpu_time();
        let outcome = engine::run(&options(&root, false, None, settings), &catalog);
        reached.time("engine", 2, started);
        check_outcome(&outcome, &root, &mut reached);
        self.binary_check(&root, bytes, &mut reached);
        reached
    }

    /// One input in eight through the binary: `ghosttax check` in the project folder,
    /// where it finds the configuration.
    fn binary_check(&self, root: &Path, bytes: &[u8], reached: &mut Reached) {
        let Some(binary) = &self.binary else { return };
        if !fnv(bytes).is_multiple_of(8) {
            return;
        }
        let started = cpu_time();
        let o = std::process::Command::new(binary)
            .args(["check", "--format", "json", "--threads", "1"])
            .current_dir(root)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run ghosttax");
        reached.time("binary", 2, started);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(
            matches!(o.status.code(), Some(0..=2)),
            "ghosttax check exited with {:?}: {stderr}",
            o.status
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        reached.add(format!("binary exit {:?}", o.status.code()));
    }

    fn trace(&mut self, input: &Input) -> Reached {
        let mut reached = Reached::default();
        let root = self.project();
        write_files(&root, &trace_project());
        let Some((_, bytes)) = input.first() else {
            return reached;
        };
        let dir = root.to_string_lossy().into_owned();
        let text = ghosttax::discover::decode(bytes.clone()).replace(generate::DIR, &dir);
        let started = cpu_time();
        let parsed = ghosttax::tracefile::parse(&text);
        let file = root.join("trace.json");
        std::fs::write(&file, &text).expect("write trace");
        let read = ghosttax::tracefile::read(&file);
        assert_eq!(parsed.is_ok(), read.is_ok(), "parse and read disagree");
        reached.time("trace parse", 1, started);
        let trace = match parsed {
            Ok(t) => t,
            Err(e) => {
                reached.add(format!("trace error {}", normalise(&e, Some(&root))));
                return reached;
            }
        };
        reached.add(format!("trace sites {}", trace.sites.len().min(4)));
        let started = cpu_time();
        let outcome = engine::run(
            &options(&root, false, Some(Arc::new(trace)), Settings::default()),
            &self.catalog,
        );
        reached.time("engine", 4, started);
        check_outcome(&outcome, &root, &mut reached);
        reached
    }
}

fn language(name: &str) -> Option<Language> {
    let ext = Path::new(name).extension()?.to_str()?;
    Language::from_extension(ext)
}

fn write_files(root: &Path, files: &Input) {
    for (name, bytes) in files {
        let path = root.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("folder");
        }
        std::fs::write(&path, bytes).expect("write");
    }
}

/// What the config target checks: files that call every API name its configurations
/// define, in loops, in Python and CUDA.
fn config_project() -> Input {
    let mut py = String::from("import torch\n");
    let mut cu = String::new();
    for (i, name) in generate::CONFIG_APIS.iter().enumerate() {
        let name = name.replace("::", ".");
        py.push_str(&format!(
            "def f{i}(loader, t):\n    for b in loader:\n        x = {name}(1 << 20)\n        y = t.{name}()\n        z = {name}(b, pin_memory=True)\n"
        ));
        cu.push_str(&format!(
            "void g{i}(float* p) {{\n  for (int i = 0; i < 8; ++i) {{\n    {name}(&p, 1 << 20);\n    {name} a(64);\n  }}\n}}\n"
        ));
    }
    vec![
        ("src/a.py".into(), py.into_bytes()),
        ("src/b.cu".into(), cu.into_bytes()),
        (
            "tests/test_c.py".into(),
            b"import torch\nfor i in range(3):\n    x = torch.empty(10, pin_memory=True)\n"
                .to_vec(),
        ),
    ]
}

/// What the trace target's sites point at (lines 1..12 of each file pin).
fn trace_project() -> Input {
    vec![
        (
            "a.py".into(),
            b"import torch\n\ndef stage(n):\n    return torch.empty(n, pin_memory=True)\n\ndef main(loader):\n    for b in loader:\n        x = stage(1 << 20)\n        y = b.pin_memory()\n    z = torch.empty(8, pin_memory=True)\n\nmain([])\n".to_vec(),
        ),
        (
            "b.cu".into(),
            b"#include <cuda_runtime.h>\nvoid stage(float** p, size_t n) {\n  cudaMallocHost(p, n);\n}\nint main() {\n  float* h;\n  for (int i = 0; i < 10; ++i) {\n    stage(&h, 1 << 20);\n    cudaHostRegister(h, 64, 0);\n  }\n  cudaFreeHost(h);\n}\n".to_vec(),
        ),
        (
            "c.rs".into(),
            b"fn main() {\n    let mut p = std::ptr::null_mut();\n    for _ in 0..4 {\n        unsafe { sys::cuMemAllocHost_v2(&mut p, 64) };\n    }\n}\n".to_vec(),
        ),
        (
            "tests/test_d.py".into(),
            b"import torch\nfor i in range(3):\n    x = torch.empty(10, pin_memory=True)\n".to_vec(),
        ),
    ]
}

fn options(
    root: &Path,
    whole: bool,
    trace: Option<Arc<ghosttax::tracefile::Trace>>,
    settings: Settings,
) -> Options {
    Options {
        paths: vec![root.to_path_buf()],
        settings,
        selected: rules::ALL.iter().map(|r| r.code).collect(),
        threads: 1,
        max_file_size: 10 << 20,
        keep_source: true,
        exclude: None,
        force_exclude: false,
        per_file_ignores: Vec::new(),
        severities: HashMap::new(),
        progress: false,
        whole_files: whole,
        trace,
        cache: None,
    }
}

/// The items of a file tile it exactly, each starting at a line start; a lazy parse of
/// them never panics either.
fn lazy(parsers: &mut Parsers, language: Language, text: &str, catalog: &Catalog) {
    let plan = Plan::new(text, language);
    let mut at = 0;
    for item in &plan.items {
        assert_eq!(item.start, at, "the items leave a gap");
        assert!(item.end > item.start, "an empty item");
        assert!(
            item.start == 0 || text.as_bytes()[item.start - 1] == b'\n',
            "an item starts inside a line"
        );
        at = item.end;
    }
    assert_eq!(at, text.len(), "the items stop short of the end");
    let prefilter = Prefilter::new(catalog);
    let seed = NameSet::from_names(&["stage"]);
    let idents = Idents::of(text.as_bytes(), language, "x", &mut Scratch::default());
    let mut extent = Extent::Lazy(Lazy {
        plan,
        hot: Wanted::Apis(&prefilter),
        seed: Seed::new(&seed, 1),
        idents: &idents,
        parsed_any: false,
        by_value: None,
    });
    let _ = parsers.build_extent(language, text, catalog, &mut extent);
}

/// A model's shape: which of its parts are non-empty (one feature per combination), and
/// the kinds of what it holds.
fn shape(model: &FileModel, lang: Language, reached: &mut Reached) {
    let parts = [
        model.functions.len() > 1,
        !model.loops.is_empty(),
        !model.events.is_empty(),
        !model.calls.is_empty(),
        !model.classes.is_empty(),
        !model.exits.is_empty(),
        !model.escapes.is_empty(),
        !model.disposals.is_empty(),
        !model.suppressions.is_empty(),
        !model.api_aliases.is_empty(),
        !model.goto_labels.is_empty(),
        !model.passed_functions.is_empty(),
        !model.decorated.is_empty(),
        !model.returned_functions.is_empty(),
        !model.bindings.is_empty(),
        !model.constants.is_empty(),
        !model.flows.is_empty(),
        !model.resets.is_empty(),
        !model.defaults.is_empty(),
        !model.exports.is_empty(),
    ];
    let mask: String = parts.iter().map(|&p| if p { '1' } else { '0' }).collect();
    reached.add(format!("shape {} {mask}", lang.name()));
    for e in &model.events {
        reached.add(format!(
            "event {} {} {:?} {:?} sized={}",
            lang.name(),
            e.kind.name(),
            e.lifetime,
            e.pointer_scope,
            e.size.is_some()
        ));
    }
    for l in &model.loops {
        reached.add(format!("loop {} {:?}", lang.name(), l.kind));
    }
    for x in &model.exits {
        reached.add(format!("exit {} {:?}", lang.name(), x.kind));
    }
    for x in &model.escapes {
        reached.add(format!("escape {} {:?}", lang.name(), x.kind));
    }
    for d in &model.disposals {
        reached.add(format!("disposal {} {}", lang.name(), d.kind.words()));
    }
    for f in &model.functions {
        reached.add(format!(
            "function {} {:?} class={}",
            lang.name(),
            f.kind,
            f.class.is_some()
        ));
    }
}

/// Every finding points into a checked file at a real position; every reporter renders.
fn check_outcome(outcome: &Outcome, root: &Path, reached: &mut Reached) {
    for f in &outcome.findings {
        assert!(
            f.start.line >= 1 && f.start.column >= 1,
            "{}: position 0",
            f.rule
        );
        assert!(!f.path.is_empty(), "{}: no path", f.rule);
        reached.add(format!(
            "finding {} {} {:?} {} {:?} measured={} reached={:?} small={} broken={}",
            f.rule,
            f.language.name(),
            f.severity,
            f.context,
            f.tax_source(),
            f.measured.is_some(),
            f.reached,
            f.small,
            f.broken
        ));
        reached.add(format!(
            "finding {} labels {}",
            f.rule,
            f.labels.len().min(4)
        ));
        for n in &f.notes {
            reached.add(format!("note {} {}", f.rule, normalise(n, Some(root))));
        }
    }
    for n in outcome.notes.iter().chain(&outcome.skipped) {
        reached.add(format!("outcome note {}", normalise(n, Some(root))));
    }
    for e in &outcome.errors {
        reached.add(format!(
            "outcome error {}",
            normalise(&e.message, Some(root))
        ));
    }
    let started = cpu_time();
    for format in [
        Format::Text,
        Format::Concise,
        Format::Json,
        Format::Sarif,
        Format::Github,
        Format::Markdown,
        Format::Html,
    ] {
        let out = report::render(format, outcome, format == Format::Text);
        if format == Format::Json || format == Format::Sarif {
            let _: serde_json::Value = serde_json::from_str(&out).expect("the report is JSON");
        }
    }
    let _ = report::render_statistics(outcome, false);
    let _ = report::render_statistics(outcome, true);
    reached.time("reporters", outcome.files_checked, started);
}

/// A message as a feature: the project folder, file names, numbers and quoted names
/// dropped, at most 60 characters.
fn normalise(message: &str, root: Option<&Path>) -> String {
    let mut m = message.to_string();
    if let Some(root) = root {
        m = m.replace(&*root.to_string_lossy(), "");
    }
    let mut out = String::new();
    let mut quoted = false;
    let mut last_digit = false;
    for c in m.chars() {
        if c == '`' {
            quoted = !quoted;
            out.push('`');
            continue;
        }
        if quoted {
            continue;
        }
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
            continue;
        }
        last_digit = false;
        out.push(c);
        if out.len() >= 60 {
            break;
        }
    }
    out
}

/// The process's CPU time (user + system), from `/proc/self/stat` (10 ms ticks); zero
/// where there is no `/proc`.
pub fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// FNV-1a of bytes: stable names for stored inputs and a cheap decision per input.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
