//! Front ends: the only code that knows syntax trees. Each turns one file into a `FileModel`.

mod builder;
mod cpp;
pub mod items;
mod macros;
mod python;
mod rust;

use std::collections::HashSet;

use tree_sitter::{Parser, Range, Tree};

use crate::analysis::names::{NameSet, Seed};
use crate::catalog::Catalog;
use crate::model::{FileModel, FunctionKind, Language};
use crate::scan::idents::{Idents, any_ident, key};
use crate::scan::prefilter::Prefilter;
use items::{Kind, Plan};

/// Syntax nested deeper than this is not walked (no stack overflow on hostile input);
/// the file is reported as partly checked.
pub const MAX_DEPTH: usize = 600;

/// A front end's tree walker: it adds each tree it is handed to one file model.
pub(crate) trait Walker {
    fn model(&self) -> &FileModel;
}

/// A front end that walks tree-sitter trees.
pub(crate) trait TreeWalker: Walker {
    fn walk_tree(&mut self, tree: &Tree);
}

/// How much of a file to parse.
pub enum Extent<'a> {
    /// All of it (large files a group of top-level items at a time).
    Whole,
    /// Only the items that matter; see `items`.
    Lazy(Lazy<'a>),
}

impl Extent<'_> {
    /// Is nothing of the file parsed yet (its first part, or all of it)? Per-file facts
    /// (macros, suppression comments) are recorded then, once.
    pub fn is_first(&self) -> bool {
        match self {
            Extent::Whole => true,
            Extent::Lazy(l) => !l.plan.parsed.iter().any(|&p| p),
        }
    }
}

pub struct Lazy<'a> {
    pub plan: Plan,
    /// What makes an item worth parsing first.
    pub hot: Wanted<'a>,
    /// Functions known to pin elsewhere: items calling them are parsed too.
    pub seed: Seed<'a>,
    /// The identifiers of the whole file: a method is looked for only where its class is
    /// mentioned.
    pub idents: &'a Idents,
    /// Set when something was parsed.
    pub parsed_any: bool,
}

/// What a file was admitted for: the items that mention it are parsed first.
#[derive(Clone, Copy)]
pub enum Wanted<'a> {
    /// An API of the catalog (or a suppression comment).
    Apis(&'a Prefilter),
    /// A function known to pin: the names of generation `since..upto` of a set.
    Names {
        set: &'a NameSet,
        since: usize,
        upto: usize,
    },
}

impl Wanted<'_> {
    /// Does `text`, part of a file with identifiers `file`, mention what is wanted?
    pub fn admits(&self, text: &[u8], file: &Idents) -> bool {
        match *self {
            Wanted::Apis(p) => p.admits(text),
            Wanted::Names { set, since, upto } => set.mentioned_in(text, file, since, upto),
        }
    }
}

/// Groups of items are parsed about this many bytes at a time.
pub const CHUNK_BYTES: usize = 1 << 20;

/// At most this many rounds follow functions that pin to their callers within a file.
const CLOSURE_ROUNDS: usize = 16;

/// Parse what `extent` asks for with tree-sitter, handing each tree to `w`.
pub(crate) fn parse_into(
    parser: &mut Parser,
    text: &str,
    lang: Language,
    extent: &mut Extent,
    w: &mut dyn TreeWalker,
) -> Result<(), String> {
    parse_parts(text, lang, extent, w, |w, ranges| {
        parse_group(parser, text, ranges, w)
    })
}

/// Parse what `extent` asks for: `group(w, ranges)` parses the text within `ranges` (all
/// of it when empty) and walks it into `w`.
pub(crate) fn parse_parts<W: Walker + ?Sized>(
    text: &str,
    lang: Language,
    extent: &mut Extent,
    w: &mut W,
    mut group: impl FnMut(&mut W, &[Range]) -> Result<(), String>,
) -> Result<(), String> {
    let first = extent.is_first();
    let lazy = match extent {
        Extent::Whole => {
            if text.len() <= 2 * CHUNK_BYTES {
                return group(w, &[]);
            }
            // A large file is parsed a group of top-level items at a time (included ranges
            // keep byte offsets absolute), so memory follows the group, not the file.
            let plan = Plan::new(text, lang);
            let all: Vec<usize> = (0..plan.items.len()).collect();
            for ranges in plan.groups(&all, CHUNK_BYTES) {
                group(w, &ranges)?;
            }
            return Ok(());
        }
        Extent::Lazy(lazy) => lazy,
    };
    let item_text = |plan: &Plan, i: usize| {
        let it = plan.items[i];
        text.as_bytes().get(it.start..it.end).unwrap_or(&[])
    };
    // Round 0: items that mention what the caller looks for, and on a file's first parse
    // its declarations.
    let mut chosen: Vec<usize> = lazy
        .plan
        .pending()
        .filter(|&i| {
            (first && lazy.plan.items[i].kind == Kind::Context)
                || lazy.hot.admits(item_text(&lazy.plan, i), lazy.idents)
        })
        .collect();
    if chosen.is_empty() && !first {
        return Ok(());
    }
    for _ in 0..CLOSURE_ROUNDS {
        let take = lazy.plan.take(&chosen);
        for ranges in lazy.plan.groups(&take, CHUNK_BYTES) {
            group(w, &ranges)?;
        }
        lazy.parsed_any = true;
        for &i in &take {
            lazy.plan.parsed[i] = true;
        }
        // Later rounds: items that call what the parsed ones define and pin with.
        let local = wanted_names(w.model(), lang, lazy.seed);
        let keys: HashSet<&[u8]> = local.iter().map(|n| key(n)).collect();
        let (seed, idents) = (lazy.seed, lazy.idents);
        chosen = lazy
            .plan
            .pending()
            .filter(|&i| {
                any_ident(item_text(&lazy.plan, i), |w| {
                    keys.contains(w) || seed.matches(w, idents)
                })
            })
            .collect();
        if chosen.is_empty() {
            break;
        }
    }
    Ok(())
}

/// Parse the text within `ranges` (all of it when empty) and walk the tree.
fn parse_group(
    parser: &mut Parser,
    text: &str,
    ranges: &[Range],
    w: &mut dyn TreeWalker,
) -> Result<(), String> {
    parser
        .set_included_ranges(ranges)
        .map_err(|e| format!("cannot parse part of the file: {e}"))?;
    let tree = parser
        .parse(text, None)
        .ok_or_else(|| "the parser gave up on this file".to_string())?;
    w.walk_tree(&tree);
    Ok(())
}

/// Names whose mention makes an unparsed item worth parsing, besides the seed: functions
/// with a pinning or releasing call, their classes, their callers (to a fixed point),
/// constructors' classes, and base classes (whether a class is an `nn.Module` is decided
/// within its file).
fn wanted_names<'m>(model: &'m FileModel, lang: Language, seed: Seed) -> HashSet<&'m str> {
    let mut names: HashSet<&str> = HashSet::new();
    fn add<'m>(names: &mut HashSet<&'m str>, f: &'m crate::model::Function) -> bool {
        if f.kind != FunctionKind::Function || f.name.is_empty() {
            return false;
        }
        let mut grew = names.insert(f.name.as_str());
        if let Some(class) = f.class.as_deref()
            && f.name == "__init__"
        {
            grew |= names.insert(class);
        }
        grew
    }
    // The classes of methods that pin or release: their definitions hold the members'
    // constants (C++ methods defined outside their class; a Python method is parsed with
    // its class's header).
    if lang != Language::Python {
        for ev in &model.events {
            if let Some(class) = model.functions[ev.function].class.as_deref() {
                names.insert(class);
            }
        }
    }
    for ev in &model.events {
        add(&mut names, &model.functions[ev.function]);
    }
    for class in &model.classes {
        names.extend(class.bases.iter().map(String::as_str));
    }
    loop {
        let mut grew = false;
        for call in &model.calls {
            if names.contains(call.callee.as_str()) || seed.contains(&call.callee) {
                grew |= add(&mut names, &model.functions[call.function]);
            }
        }
        if !grew {
            break;
        }
    }
    names
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
