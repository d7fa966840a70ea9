//! Front ends: the only code that knows syntax trees. Each turns one file into a `FileModel`.

mod builder;
mod cpp;
mod python;
mod rust;

use tree_sitter::Parser;

use crate::catalog::Catalog;
use crate::model::{FileModel, Language};

pub use cpp::root_name;

/// Syntax nested deeper than this is not walked (no stack overflow on hostile input);
/// the file is reported as partly checked.
pub const MAX_DEPTH: usize = 600;

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
        if lang == Language::Rust {
            return Ok(rust::build(text, catalog));
        }
        let parser = self.get(lang)?;
        let tree = parser
            .parse(text, None)
            .ok_or_else(|| "the parser gave up on this file".to_string())?;
        Ok(match lang {
            Language::Python => python::build(&tree, text, lang, catalog),
            Language::C | Language::Cpp | Language::Cuda | Language::Rust => {
                cpp::build(&tree, text, lang, catalog, parser)
            }
        })
    }
}
