//! Front ends: the only code that knows syntax trees. Each turns one file into a `FileModel`.

mod builder;
pub mod chunks;
mod cpp;
mod python;
mod rust;

use tree_sitter::{Parser, Range, Tree};

use crate::catalog::Catalog;
use crate::model::{FileModel, Language};

pub use cpp::root_name;

/// Syntax nested deeper than this is not walked (no stack overflow on hostile input);
/// the file is reported as partly checked.
pub const MAX_DEPTH: usize = 600;

/// Parse `text` whole, or one chunk at a time, handing each tree to `walk`.
pub(crate) fn parse_each(
    parser: &mut Parser,
    ranges: &[Range],
    text: &str,
    mut walk: impl FnMut(&Tree),
) -> Result<(), String> {
    if ranges.is_empty() {
        let tree = parser
            .parse(text, None)
            .ok_or_else(|| "the parser gave up on this file".to_string())?;
        walk(&tree);
        return Ok(());
    }
    for r in ranges {
        parser
            .set_included_ranges(std::slice::from_ref(r))
            .map_err(|e| format!("cannot parse a chunk: {e}"))?;
        let tree = parser
            .parse(text, None)
            .ok_or_else(|| "the parser gave up on this file".to_string())?;
        walk(&tree);
    }
    Ok(())
}

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

    /// Parse `text` and build its model.
    pub fn build(
        &mut self,
        lang: Language,
        text: &str,
        catalog: &Catalog,
    ) -> Result<FileModel, String> {
        let mut model = self.build_raw(lang, text, catalog)?;
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
    ) -> Result<FileModel, String> {
        if lang == Language::Rust {
            return Ok(rust::build(text, catalog));
        }
        let parser = self.get(lang)?;
        let ranges = chunks::ranges(text, lang);
        let result = match lang {
            Language::Python => python::build(parser, &ranges, text, lang, catalog),
            Language::C | Language::Cpp | Language::Cuda | Language::Rust => {
                cpp::build(parser, &ranges, text, lang, catalog)
            }
        };
        // Leave the parser reading whole documents for the next file.
        let _ = parser.set_included_ranges(&[]);
        result
    }
}
