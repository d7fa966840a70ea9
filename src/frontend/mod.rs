//! Front ends: the only code that knows syntax trees. Each turns one file into a `FileModel`.
//!
//! `Parsers` picks the front end by language (`python`, `cpp` for C, C++ and CUDA, `rust`);
//! `extent` decides how much of a file is parsed (all of it, or only the items that
//! mention what the run looks for); `builder` is the tree-sitter walkers' shared toolkit;
//! `items` splits a file into top-level items without parsing; `macros` reads `#define`s.

mod builder;
mod cpp;
mod distinct;
mod extent;
mod fields;
mod header_owners;
pub mod items;
mod keys;
pub(crate) mod library;
mod macros;
mod python;
mod rust;

use tree_sitter::Parser;

use crate::catalog::Catalog;
use crate::model::{FileModel, Language};

/// `Loop::over_config`: loops over a collection read from the configuration, with no call
/// in their header but the configuration module's loader (`for job in cfg.jobs`, `for run
/// in load_runs(p)` from `.config`; not `for b in loader.batches(cfg.steps)`, whose items
/// are the program's work).
fn mark_config_loops(model: &mut FileModel, text: &str, catalog: &Catalog) {
    let names = &catalog.context;
    for i in 0..model.loops.len() {
        let l = &model.loops[i];
        let Some(header) = text.get(l.header.start..l.header.end) else {
            continue;
        };
        // The collection: after ` in ` (Python, Rust) or a range-for's `:`.
        let Some(iterable) = header
            .rsplit_once(" in ")
            .map(|(_, r)| r)
            .or_else(|| header.rsplit_once(':').map(|(_, r)| r))
        else {
            continue;
        };
        let iterable = iterable.trim().trim_start_matches(['&', '*']);
        if iterable.contains('(') {
            // (`for run in load_runs(args.runs)` with `from .config import load_runs`: the
            // configuration module's loader, or a call named for one, `load_config(path)`.)
            if header_loader(model, iterable, names) {
                model.loops[i].over_config = true;
            }
            continue;
        }
        let root = iterable
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        let in_header = iterable
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| names.is_job_name(w));
        // (`run = load_config(..)`, `cfg = Config::load(..)`: a call named for one.)
        let loaded = !root.is_empty() && model.calls.iter().any(|c| {
            c.function == l.function
                && c.result.as_deref() == Some(root)
                && (names.names_job(&c.callee)
                    || names.parses_config(&c.callee, &c.receiver)
                    || matches!(&c.receiver, crate::model::Receiver::Name(r) if names.names_job(r)))
        });
        if in_header || loaded {
            model.loops[i].over_config = true;
        }
    }
}

/// Is `iterable` (a loop header's) one call of a function of the configuration's module:
/// imported from a module named for one (`from .config import load_runs` .. `for run in
/// load_runs(args.runs)`), or called through it (`config.load_runs(..)`)? (Not a call
/// named for jobs alone: `read_jobs(&path)` may read the program's work items.)
fn header_loader(model: &FileModel, iterable: &str, names: &crate::catalog::ContextNames) -> bool {
    let Some(open) = iterable.find('(') else {
        return false;
    };
    let callee = iterable[..open].trim();
    let plain = |c: char| c.is_alphanumeric() || c == '_' || c == '.' || c == ':';
    // (One call, its parentheses closing at the end: not `enumerate(load(..))`, not
    // `read_jobs(..)?.iter()`.)
    let end = iterable.trim_end_matches([':', '{', ' ', '?']);
    let closes_at_end = keys::call_end(iterable).is_some_and(|i| i + 1 == end.len());
    if callee.is_empty() || !callee.chars().all(plain) || !closes_at_end {
        return false;
    }
    let (module, name) = callee
        .rsplit_once(['.', ':'])
        .map_or((None, callee), |(m, n)| (Some(m.trim_end_matches(':')), n));
    module.is_some_and(|m| m.split(['.', ':']).any(|w| names.is_job_name(w)))
        || model.imported.iter().any(|(n, m)| {
            n == name
                && m.rsplit('.')
                    .next()
                    .is_some_and(|last| names.is_job_name(last))
        })
}

pub use extent::{CHUNK_BYTES, Extent, KnownNames, Lazy, MAX_DEPTH, Seed, Wanted};
pub use header_owners::{has_pinned_owner_candidate, owners_from_headers};
pub use macros::{hidden_exits, quoted_includes};

/// One parser per language, owned by one worker thread and reused across files.
pub struct Parsers {
    python: Option<Parser>,
    cpp: Option<Parser>,
    cuda: Option<Parser>,
}

impl Default for Parsers {
    fn default() -> Self {
        Self::new()
    }
}

impl Parsers {
    pub fn new() -> Parsers {
        Parsers {
            python: None,
            cpp: None,
            cuda: None,
        }
    }

    fn get(&mut self, lang: Language) -> Result<&mut Parser, String> {
        let (slot, grammar): (&mut Option<Parser>, tree_sitter::Language) = match lang {
            Language::Python => (&mut self.python, tree_sitter_python::LANGUAGE.into()),
            Language::C | Language::Cpp => (&mut self.cpp, tree_sitter_cpp::LANGUAGE.into()),
            Language::Cuda | Language::Rust => (&mut self.cuda, tree_sitter_cuda::LANGUAGE.into()),
        };
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&grammar)
                .map_err(|e| format!("cannot load the {} grammar: {e}", lang.name()))?;
            *slot = Some(parser);
        }
        slot.as_mut()
            .ok_or_else(|| "parser unavailable".to_string())
    }

    /// Parse all of `text` and build its model.
    pub fn build(
        &mut self,
        lang: Language,
        text: &str,
        catalog: &Catalog,
    ) -> Result<FileModel, String> {
        self.build_extent(lang, text, catalog, &mut Extent::Whole)
    }

    /// Parse what `extent` asks for of `text` and build its model.
    pub fn build_extent(
        &mut self,
        lang: Language,
        text: &str,
        catalog: &Catalog,
        extent: &mut Extent,
    ) -> Result<FileModel, String> {
        let mut model = self.build_raw(lang, text, catalog, extent)?;
        mark_config_loops(&mut model, text, catalog);
        distinct::mark_distinct(&mut model, text, catalog);
        // Loop headers only matter for the device names that mark setup loops.
        let devices = &catalog.context.device_names;
        for l in &mut model.loops {
            l.names
                .retain(|n| devices.iter().any(|d| d.eq_ignore_ascii_case(n)));
            l.names.shrink_to_fit();
        }
        Ok(model)
    }

    fn build_raw(
        &mut self,
        lang: Language,
        text: &str,
        catalog: &Catalog,
        extent: &mut Extent,
    ) -> Result<FileModel, String> {
        if lang == Language::Rust {
            return rust::build(text, catalog, extent);
        }
        let parser = self.get(lang)?;
        let result = match lang {
            Language::Python => python::build(parser, text, lang, catalog, extent),
            Language::C | Language::Cpp | Language::Cuda | Language::Rust => {
                cpp::build(parser, text, lang, catalog, extent)
            }
        };
        // Leave the parser reading whole documents for the next file.
        let _ = parser.set_included_ranges(&[]);
        result
    }
}
