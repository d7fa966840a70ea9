//! Front ends: the only code that knows syntax trees. Each turns one file into a `FileModel`.
//!
//! `Parsers` picks the front end by language (`python`, `cpp` for C, C++ and CUDA, `rust`);
//! `extent` decides how much of a file is parsed (all of it, or only the items that
//! mention what the run looks for); `builder` is the tree-sitter walkers' shared toolkit;
//! `items` splits a file into top-level items without parsing; `macros` reads `#define`s.

mod builder;
mod cpp;
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
        // Loop headers only matter for the device and job names that mark setup loops. (A
        // job name only in a header that calls nothing: `for job in cfg.jobs`, not `for b
        // in loader.batches(cfg.steps)`, whose items are the program's work.)
        let context = &catalog.context;
        for l in &mut model.loops {
            let calls = text
                .get(l.header.start..l.header.end)
                .is_some_and(|h| h.contains('('));
            l.names.retain(|n| {
                let named = |d: &String| d.eq_ignore_ascii_case(n);
                context.device_names.iter().any(named)
                    || (!calls && context.job_names.iter().any(named))
            });
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
