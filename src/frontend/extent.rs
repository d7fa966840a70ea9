//! How much of a file is parsed: all of it (large files a group of top-level items at a
//! time), or only the items that mention what the run looks for, widened round by round
//! to the items that call what was parsed (`Lazy`). The front ends hand each tree to a
//! `Walker`.

use rustc_hash::FxHashSet as HashSet;

use tree_sitter::{Parser, Range, Tree};

use super::items::{Kind, Plan};
use crate::model::{FileModel, FunctionKind, Language};
use crate::scan::idents::{Idents, any_ident, key};
use crate::scan::prefilter::Prefilter;

/// Syntax nested deeper than this is not walked (no stack overflow on hostile input);
/// the file is reported as partly checked.
pub const MAX_DEPTH: usize = 600;

/// A front end's tree walker: it adds each tree it is handed to one file model.
pub(crate) trait Walker {
    fn model(&self) -> &FileModel;
    /// The file-scope variables pins so far write to (`cudaHostAlloc(&g_hist, ..)`):
    /// the items that mention them may release them.
    fn file_scope_pointers(&self) -> Vec<&str> {
        Vec::new()
    }
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
    /// Calls that pin only with a value the file names elsewhere (`jax.device_put(x,
    /// PINNED)` where `PINNED = ..memory_kind="pinned_host"` is bound at the top): an
    /// item that makes one is worth parsing first too.
    pub by_value: Option<Box<Prefilter>>,
}

/// The chain names the link stage has found so far (`analysis::names`), as the lazy parse
/// asks about them: names in generations, each callable only from files that can see it.
pub trait KnownNames: Sync {
    /// Is `name` among the first `upto` generations?
    fn contains(&self, name: &str, upto: usize) -> bool;
    /// Is `word` (an identifier of a file with identifiers `file`) the key of a name of
    /// generation `since..upto` that the file can call?
    fn matches(&self, word: &[u8], file: &Idents, since: usize, upto: usize) -> bool;
    /// Does `text`, part of a file with identifiers `file`, mention a name of generation
    /// `since..upto`?
    fn mentioned_in(&self, text: &[u8], file: &Idents, since: usize, upto: usize) -> bool;
    /// Could a file with identifiers `idents` mention a name of generation `since` or later?
    fn may_mention(&self, idents: &Idents, since: usize) -> bool;
}

/// Names known elsewhere, up to a generation: the calls of them in a file are parsed too.
#[derive(Clone, Copy)]
pub struct Seed<'a> {
    set: Option<&'a dyn KnownNames>,
    upto: usize,
}

impl<'a> Seed<'a> {
    pub const NONE: Seed<'static> = Seed { set: None, upto: 0 };

    /// The first `upto` generations of `set`.
    pub fn new(set: &'a dyn KnownNames, upto: usize) -> Seed<'a> {
        Seed {
            set: Some(set),
            upto,
        }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.set.is_some_and(|s| s.contains(name, self.upto))
    }

    /// Is `word` (an identifier of a file with identifiers `file`) the key of one of the
    /// names, callable from there?
    pub fn matches(&self, word: &[u8], file: &Idents) -> bool {
        self.set
            .is_some_and(|s| s.matches(word, file, 0, self.upto))
    }
}

/// What a file was admitted for: the items that mention it are parsed first.
#[derive(Clone, Copy)]
pub enum Wanted<'a> {
    /// An API of the catalog (or a suppression comment).
    Apis(&'a Prefilter),
    /// A function known to pin: the names of generation `since..upto` of a set.
    Names {
        set: &'a dyn KnownNames,
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
                || lazy
                    .by_value
                    .as_ref()
                    .is_some_and(|p| p.admits(item_text(&lazy.plan, i)))
        })
        .collect();
    // A large Python class wanted by its header (`class Trainer:`, looked for as the
    // definition of a class handed an object) keeps what it is handed in `__init__`.
    // (Its header may have been parsed already, with another of its methods.)
    if lang == Language::Python {
        let headers: Vec<usize> = (0..lazy.plan.items.len())
            .filter(|&i| {
                lazy.plan.items[i].kind == Kind::Open
                    && lazy.hot.admits(item_text(&lazy.plan, i), lazy.idents)
            })
            .collect();
        chosen.extend(lazy.plan.constructors_of(text, &headers));
    }
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
        let mut local = wanted_names(w.model(), lang, lazy.seed);
        // (`free(g_hist)` in `diag_finalize` for `cudaHostAlloc(&g_hist, ..)` in
        // `diag_init`: a release, right or wrong, elsewhere in the file.)
        local.extend(w.file_scope_pointers());
        let keys: HashSet<&[u8]> = local.iter().map(|n| key(n)).collect();
        let (seed, idents) = (lazy.seed, lazy.idents);
        chosen = lazy
            .plan
            .pending()
            .filter(|&i| {
                let text = item_text(&lazy.plan, i);
                any_ident(text, |w| keys.contains(w) || seed.matches(w, idents))
                    || (lang == Language::Python && getattr_spells(text, &local))
            })
            .collect();
        if chosen.is_empty() {
            break;
        }
    }
    Ok(())
}

/// Does a Python item look a method up by a name that may spell one of `names`:
/// `getattr(self, f"_on_{kind}")`, `getattr(obj, "_on_" + kind)` for `_on_vehicle`?
fn getattr_spells(text: &[u8], names: &HashSet<&str>) -> bool {
    const GETATTR: &[u8] = b"getattr(";
    let mut rest = text;
    while let Some(at) = memchr::memmem::find(rest, GETATTR) {
        rest = &rest[at + GETATTR.len()..];
        // The literal after the first comma, up to an interpolation or its quote.
        let Some(comma) = rest.iter().position(|&b| b == b',' || b == b')') else {
            return false;
        };
        let arg = rest[comma + 1..].trim_ascii_start();
        let arg = arg.strip_prefix(b"f").unwrap_or(arg);
        let Some((&quote, body)) = arg.split_first().filter(|(q, _)| matches!(q, b'"' | b'\''))
        else {
            continue;
        };
        let end = body
            .iter()
            .position(|&b| b == quote || b == b'{')
            .unwrap_or(body.len());
        let prefix = &body[..end];
        if prefix.len() >= 2 && names.iter().any(|n| n.as_bytes().starts_with(prefix)) {
            return true;
        }
    }
    false
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
    // Malformed code can drive tree-sitter's error recovery quadratic (a 70 KB line of
    // `]), x * 1` took 9 s): the parse is cancelled past a budget of operations in
    // proportion to the bytes parsed (deterministic, so every run decides alike), far
    // above what real code takes (`PARSE_CHECKS_PER_KIB`).
    let parsed: usize = if ranges.is_empty() {
        text.len()
    } else {
        ranges
            .iter()
            .map(|r| r.end_byte.saturating_sub(r.start_byte))
            .sum()
    };
    let budget = PARSE_CHECKS_FLOOR.saturating_add(parsed / 1024 * PARSE_CHECKS_PER_KIB);
    let mut checks = 0usize;
    let mut progress = |_: &tree_sitter::ParseState| {
        checks += 1;
        if checks > budget {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let bytes = text.as_bytes();
    let tree = parser.parse_with_options(
        &mut |i, _| bytes.get(i..).unwrap_or_default(),
        None,
        Some(tree_sitter::ParseOptions::new().progress_callback(&mut progress)),
    );
    let Some(tree) = tree else {
        // A cancelled parse would resume where it stopped on the next call.
        parser.reset();
        return Err(if checks > budget {
            "too costly to parse (malformed code the parser's error recovery cannot bound), not checked".to_string()
        } else {
            "the parser gave up on this file".to_string()
        });
    };
    w.walk_tree(&tree);
    Ok(())
}

/// A parse's budget: tree-sitter calls back every 100 operations; a parse may take this
/// many calls, plus this many per KiB it parses. Real code takes at most 12 per KiB (15
/// real trees), dense valid code at most 28 (a 290 KB table, 440 KB of templates), and no
/// real file over 2,750 in all.
const PARSE_CHECKS_FLOOR: usize = 5_000;
const PARSE_CHECKS_PER_KIB: usize = 200;

/// Names whose mention makes an unparsed item worth parsing, besides the seed: functions
/// with a pinning or releasing call, their classes, their callers (to a fixed point),
/// constructors' classes, and base classes (whether a class is an `nn.Module` is decided
/// within its file).
fn wanted_names<'m>(model: &'m FileModel, lang: Language, seed: Seed) -> HashSet<&'m str> {
    let mut names: HashSet<&str> = HashSet::default();
    fn add<'m>(names: &mut HashSet<&'m str>, f: &'m crate::model::Function) -> bool {
        if f.kind != FunctionKind::Function || f.name.is_empty() {
            return false;
        }
        let mut grew = names.insert(f.name.as_str());
        // (A class's name makes its objects, and an object is called or handed over, as
        // a hook, by its own name: `__call__` runs where the class is named, `__enter__`
        // where a `with` holds one.)
        if let Some(class) = f.class.as_deref()
            && (crate::model::is_init(&f.name)
                || matches!(f.name.as_str(), "__call__" | "__enter__"))
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
        // `if self.buf is None: self.buf = pin(..)`: a method setting `self.buf` back
        // (`self.buf = None` after each batch) re-arms the guard; it mentions `buf`.
        if ev.guarded_once
            && let Some(attr) = ev
                .pointer
                .as_deref()
                .and_then(|p| p.strip_prefix("self."))
                .filter(|a| !a.is_empty() && a.chars().all(|c| c.is_alphanumeric() || c == '_'))
        {
            names.insert(attr);
        }
    }
    // The functions a C-family function that pins and releases calls: one that throws out
    // of itself between the two leaves past the release (`frontend::cpp` makes its calls
    // exits), so their definitions in this file are read.
    if lang != Language::Python && lang != Language::Rust {
        let releasing: HashSet<usize> = model
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    crate::catalog::ApiKind::Free | crate::catalog::ApiKind::Unregister
                )
            })
            .map(|e| e.function)
            .collect();
        let both: HashSet<usize> = model
            .events
            .iter()
            .filter(|e| e.kind.pins() && releasing.contains(&e.function))
            .map(|e| e.function)
            .collect();
        if !both.is_empty() {
            for call in model.calls.iter().filter(|c| both.contains(&c.function)) {
                names.insert(call.callee.as_str());
            }
        }
    }
    for class in &model.classes {
        names.extend(class.bases.iter().map(String::as_str));
    }
    // `OPS = {"cloud": CloudMask}`: reading the registry makes objects of its classes.
    for (registry, class) in &model.registries {
        if names.contains(class.as_str()) || seed.contains(class) {
            names.insert(registry.as_str());
        }
    }
    // `@register_stage("x") class Detect` with a method that is wanted: the decorator
    // puts the class into a registry (`STAGES[name] = cls` in it), and the code that reads
    // the registry makes its objects.
    for (class, decorator) in &model.class_decorators {
        let wanted = model
            .functions
            .iter()
            .any(|f| f.class.as_deref() == Some(class) && names.contains(f.name.as_str()));
        if wanted || seed.contains(class) {
            names.insert(decorator.as_str());
        }
    }
    // `_HASHER = make_hasher(..)` (at the top, or under `global` in a worker's
    // initializer): the functions that call methods on `_HASHER` name neither the factory
    // nor its classes.
    for (name, class, attr) in &model.bindings {
        if !attr && (names.contains(class.as_str()) || seed.contains(class)) {
            names.insert(name.as_str());
        }
    }
    for (function, registry) in &model.registering {
        if names.contains(function.as_str()) {
            names.insert(registry.as_str());
        }
    }
    loop {
        let mut grew = false;
        // `def get_op(name): return OPS[name](..)`: a factory of what is wanted.
        for (func, made) in &model.returns {
            if names.contains(made.as_str()) || seed.contains(made) {
                grew |= add(&mut names, &model.functions[*func]);
            }
        }
        for call in &model.calls {
            if names.contains(call.callee.as_str()) || seed.contains(&call.callee) {
                grew |= add(&mut names, &model.functions[call.function]);
            }
            // (Not only when the callee is no name of the seed: a name found elsewhere, that
            // this file may not even call, does not make its own `spawn` go unparsed, and
            // what is parsed does not depend on what other files were parsed first.)
            if call
                .name_args
                .iter()
                .any(|(_, n)| names.contains(n.as_str()))
            {
                // `spawn(worker, 0)`: `spawn` may run `worker`.
                grew |= names.insert(call.callee.as_str());
                grew |= add(&mut names, &model.functions[call.function]);
            }
        }
        // `@pin_output def sample`: a call of `sample` runs what `pin_output` returns.
        for (func, decorator) in &model.decorated {
            if names.contains(decorator.as_str()) {
                grew |= add(&mut names, &model.functions[*func]);
            }
        }
        // `return wrapper`: a decorator returning a function that pins.
        for &(outer, inner) in &model.returned_functions {
            if names.contains(model.functions[inner].name.as_str()) {
                grew |= add(&mut names, &model.functions[outer]);
            }
        }
        if !grew {
            break;
        }
    }
    names
}
