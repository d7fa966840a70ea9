//! A file's identifiers, split once at scan time: what it defines, imports and mentions,
//! kept as hashes (`Idents`) so the link passes ask "does it mention this name?" without
//! reading the file again.
//!
//! Matching costs the same whatever the number of names: a text is split into identifiers
//! once, and each identifier is looked up in a hash map. Nothing here knows a syntax tree
//! or the model's call sites; `analysis::names` builds the chain names on top of it.

use std::hash::Hasher;

use rustc_hash::{FxHashSet, FxHasher};

use crate::model::Language;

mod imports;
mod typed;
pub(crate) use imports::import_hash;
pub use imports::python_reach;
use imports::{folders, import_statements, pair_hash, python_import_pairs};
use typed::{rust_typed_declarations, typed_declarations};

/// Languages whose functions call each other by name: Python; C, C++ and CUDA; Rust.
pub const FAMILIES: usize = 3;

pub fn family(l: Language) -> usize {
    match l {
        Language::Python => 0,
        Language::C | Language::Cpp | Language::Cuda => 1,
        Language::Rust => 2,
    }
}

/// Bytes that continue an identifier. Bytes of non-ASCII characters count, so `größe`
/// is one identifier.
const IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
        b += 1;
    }
    t
};

/// Call `f` on every identifier of `text` (a maximal run of identifier bytes not starting
/// with a digit) until it returns true; whether one did.
pub fn any_ident<'t>(text: &'t [u8], mut f: impl FnMut(&'t [u8]) -> bool) -> bool {
    let mut rest = text;
    loop {
        let Some(start) = rest.iter().position(|&b| IDENT[usize::from(b)]) else {
            return false;
        };
        rest = &rest[start..];
        let len = rest
            .iter()
            .position(|&b| !IDENT[usize::from(b)])
            .unwrap_or(rest.len());
        let (word, tail) = rest.split_at(len);
        if !word[0].is_ascii_digit() && f(word) {
            return true;
        }
        rest = tail;
    }
}

/// Is the identifier at `text[at..]` called as a method of a name whose key hashes to one
/// of `via` (`ctx.f`, `self.cache.f`)?
pub(crate) fn called_on(text: &[u8], at: usize, via: &[u32]) -> bool {
    if at < 2 || text[at - 1] != b'.' {
        return false;
    }
    let end = at - 1;
    let mut start = end;
    while start > 0 && IDENT[usize::from(text[start - 1])] {
        start -= 1;
    }
    start < end && via.contains(&hash(&text[start..end]))
}

/// Is the identifier at `text[at..]` the name a Python definition gives (`class Pipeline`,
/// `def register_stage`)?
pub(crate) fn defined_at(text: &[u8], at: usize) -> bool {
    let before = text[..at].trim_ascii_end();
    let keyword = |k: &[u8]| {
        before.ends_with(k)
            && before[..before.len() - k.len()]
                .last()
                .is_none_or(|c| !IDENT[usize::from(*c)])
    };
    if before.len() < at && [&b"class"[..], b"def", b"fn"].into_iter().any(keyword) {
        return true;
    }
    c_family_defined_at(text, at)
}

/// Words before a call that are not a declaration's type (`return f(x)`, `new T(x)`).
const NOT_TYPES: &[&[u8]] = &[
    b"return",
    b"else",
    b"new",
    b"delete",
    b"throw",
    b"case",
    b"co_return",
    b"co_yield",
    b"co_await",
    b"sizeof",
    b"typeid",
    b"do",
    b"and",
    b"or",
    b"not",
    b"if",
    b"while",
];

/// Is the identifier at `text[at..]` the name a C or C++ function definition or declaration
/// gives (`void add_probe(`, `void Sim::add_probe(`, `Buf* make(`): a type before it
/// (past any `Class::` qualifiers) and a parenthesis after it?
fn c_family_defined_at(text: &[u8], at: usize) -> bool {
    let len = text[at..]
        .iter()
        .position(|&b| !IDENT[usize::from(b)])
        .unwrap_or(text.len() - at);
    if !text[at + len..].trim_ascii_start().starts_with(b"(") {
        return false;
    }
    let mut before = text[..at].trim_ascii_end();
    while let Some(rest) = before.strip_suffix(b"::") {
        let word = rest
            .iter()
            .rev()
            .take_while(|&&b| IDENT[usize::from(b)])
            .count();
        if word == 0 {
            return false;
        }
        before = rest[..rest.len() - word].trim_ascii_end();
    }
    match before.last() {
        Some(b'*' | b'&') => true,
        Some(&c) if IDENT[usize::from(c)] => {
            let word = before
                .iter()
                .rev()
                .take_while(|&&b| IDENT[usize::from(b)])
                .count();
            !NOT_TYPES.contains(&&before[before.len() - word..])
        }
        _ => false,
    }
}

/// Is the identifier at `text[at..]` called as a member (`x.f`, `x->f`)?
pub(crate) fn member_call_at(text: &[u8], at: usize) -> bool {
    text[..at].ends_with(b".") || text[..at].ends_with(b"->")
}

/// What a name is matched by in a text: itself when it is an identifier, its template's
/// name for `foo<int>`; empty when it cannot be called by name (`operator()`, `~Buffer`,
/// or what a front end made of a misparsed macro), which is never looked for.
pub fn key(name: &str) -> &[u8] {
    let b = name.as_bytes();
    let len = b
        .iter()
        .position(|&c| !IDENT[usize::from(c)])
        .unwrap_or(b.len());
    let (word, rest) = b.split_at(len);
    let template = rest.first() == Some(&b'<') && rest.last() == Some(&b'>');
    if word.first().is_some_and(u8::is_ascii_digit) || !(rest.is_empty() || template) {
        return b"";
    }
    word
}

/// A name's 64-bit hash: how definitions are counted (a collision between two names of
/// one run is, at this width, not a practical concern).
pub fn name_hash(word: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    h.write(word);
    h.finish()
}

/// The 32-bit hash `Idents` keep: the high half of `name_hash`, which mixes every byte
/// best.
pub(crate) fn hash(word: &[u8]) -> u32 {
    (name_hash(word) >> 32) as u32
}

/// The identifiers a file mentions, as sorted, distinct 32-bit hashes: 4 bytes each,
/// kept for files that are not parsed (yet).
#[derive(Clone, Debug, Default)]
pub struct Idents(pub(crate) Box<[u32]>);

/// A thread's reusable buffers for `Idents::of`: most identifiers repeat, so they are
/// deduplicated as they come (a set), and only the distinct ones sorted.
#[derive(Default)]
pub struct Scratch {
    seen: FxHashSet<u32>,
    list: Vec<u32>,
}

impl Scratch {
    fn clear(&mut self) {
        // A huge file's set is not kept for the next ones.
        if self.seen.capacity() > 1 << 16 {
            self.seen = FxHashSet::default();
        }
        self.seen.clear();
        self.list.clear();
    }

    fn insert(&mut self, h: u32) {
        if self.seen.insert(h) {
            self.list.push(h);
        }
    }
}

impl Idents {
    /// Split `text` into identifiers (and, in C, record the functions it declares by
    /// prototype). `scratch` is reusable (one per thread).
    pub fn of(text: &[u8], lang: Language, path: &str, scratch: &mut Scratch) -> Idents {
        scratch.clear();
        let c_family = matches!(lang, Language::C | Language::Cpp | Language::Cuda);
        any_ident(text, |w| {
            scratch.insert(hash(w));
            if c_family {
                let start = w.as_ptr() as usize - text.as_ptr() as usize;
                if !C_KEYWORDS.contains(&w)
                    && c_type_before(&text[..start])
                    && c_name_position(&text[..start])
                    && matches!(
                        c_after_parameters(text, start + w.len()),
                        Some(After::Semicolon)
                    )
                {
                    scratch.insert(prototype_hash(w));
                }
                // `#define NAME(..)`: a function-like macro the file defines (and the front
                // end analyses as a function) is declared there too.
                if text.get(start + w.len()) == Some(&b'(') && after_define(&text[..start]) {
                    scratch.insert(prototype_hash(w));
                }
            }
            false
        });
        let folders = if lang == Language::Python {
            folders(path)
        } else {
            Vec::new()
        };
        // (Python imports are matched by pairs, `python_reach`; C-family includes by
        // their words.)
        import_statements(text, lang, |statement| {
            if lang == Language::Python {
                python_import_pairs(statement, &folders, |a, b| scratch.insert(pair_hash(a, b)));
            } else {
                any_ident(statement, |w| {
                    scratch.insert(import_hash(w));
                    false
                });
            }
        });
        scratch.list.sort_unstable();
        Idents(scratch.list.as_slice().into())
    }
}

/// The functions (and Python classes) a file defines, found lexically and fast (SIMD
/// searches for `def`, `fn`, `(`): counted for every file read, parsed or not.
#[derive(Default)]
pub struct Definitions<'t> {
    pub functions: Vec<&'t [u8]>,
    /// Python classes: what a constructor call names.
    pub classes: Vec<&'t [u8]>,
    /// Python classes with the last names of their bases (`class Moe(base.Layer)` →
    /// `Moe`, [`Layer`]): ancestry across files, parsed or not.
    pub bases: Vec<(&'t [u8], Vec<&'t [u8]>)>,
    /// Names a C-family file makes callable from Python (pybind11's `.def("name", ..)`,
    /// PyTorch's `.impl("name", ..)`, `extern "C"` functions): Python-family definitions.
    pub exported: Vec<&'t [u8]>,
    /// C-family functions the file declares by prototype (`void stage(float* p, int n);`):
    /// a file that includes it can call them.
    pub declared: Vec<&'t [u8]>,
    /// Variables and members declared with a class type, as (name, the type's last name):
    /// C-family `Exchange halo_;`, `std::unique_ptr<Pool> pool_;`, Rust `renderer:
    /// Arc<Renderer>`. A call on the name (`halo_.exchange()`) is a call of that class's
    /// method, wherever it is declared.
    pub typed: Vec<(&'t [u8], &'t [u8])>,
    /// C-family headers the file includes, as (the folder the include names, its stem):
    /// `#include "io/tracer.hpp"` → (`io`, `tracer`), `#include "tracer.hpp"` → (``,
    /// `tracer`). A file including this one sees what they declare.
    pub includes: Vec<(&'t [u8], &'t [u8])>,
    /// C++ methods declared `virtual`, `override` or `final` (in a class body, usually a
    /// header): a call through a pointer to any class may run any of their definitions.
    pub virtuals: Vec<&'t [u8]>,
    /// Python getters (`@property` then `def name`): reading `obj.name` calls one.
    pub properties: Vec<&'t [u8]>,
}

impl<'t> Definitions<'t> {
    pub fn of(text: &'t [u8], lang: Language) -> Definitions<'t> {
        let mut d = Definitions::default();
        match lang {
            Language::Python => {
                d.functions = after_keyword(text, b"def");
                d.functions.extend(bound_partials(text));
                d.classes = after_keyword(text, b"class");
                d.bases = class_bases(text, &d.classes);
                d.properties = property_getters(text);
            }
            Language::Rust => {
                d.functions = after_keyword(text, b"fn");
                d.typed = rust_typed_declarations(text);
            }
            Language::C | Language::Cpp | Language::Cuda => {
                for open in memchr::memchr_iter(b'(', text) {
                    let before = text[..open].trim_ascii_end();
                    let start = before
                        .iter()
                        .rposition(|&c| !IDENT[usize::from(c)])
                        .map_or(0, |i| i + 1);
                    let word = &before[start..];
                    if word.first().is_some_and(|c| !c.is_ascii_digit())
                        && !C_KEYWORDS.contains(&word)
                        && c_name_position(&text[..start])
                    {
                        let after = c_after_parameters(text, before.len());
                        match after {
                            Some(After::Body) => d.functions.push(word),
                            Some(After::Semicolon) if c_type_before(&text[..start]) => {
                                d.declared.push(word);
                            }
                            _ => {}
                        }
                        if after.is_some() && c_virtual(text, start, open) {
                            d.virtuals.push(word);
                        }
                    }
                }
                d.exported = exported_names(text, &d.functions, &d.declared);
                // (A C file's functions have C linkage: ctypes and cffi call them by name.)
                if lang == Language::C {
                    d.exported
                        .extend(d.functions.iter().copied().filter(|f| *f != b"main"));
                }
                d.typed = typed_declarations(text);
                import_statements(text, lang, |statement| {
                    if let Some(header) = included_header(statement) {
                        d.includes.push(header);
                    }
                });
            }
        }
        d
    }
}

/// The names Python calls C-family functions by (see `Definitions::exported`): the string
/// of `.def("name"` / `.impl("ns::name(Tensor x) -> Tensor"`, and the functions defined
/// right after `extern "C"` or inside its braces, or declared there (a header's
/// prototypes: the definition that includes it has C linkage too).
fn exported_names<'t>(
    text: &'t [u8],
    functions: &[&'t [u8]],
    declared: &[&'t [u8]],
) -> Vec<&'t [u8]> {
    let mut out = Vec::new();
    for word in [&b"def"[..], &b"impl"[..]] {
        for at in memchr::memmem::find_iter(text, word) {
            if at == 0
                || text[at - 1] != b'.'
                || text
                    .get(at + word.len())
                    .is_some_and(|&c| IDENT[usize::from(c)])
            {
                continue;
            }
            let rest = text[at + word.len()..].trim_ascii_start();
            let Some(rest) = rest.strip_prefix(b"(") else {
                continue;
            };
            let Some(rest) = rest.trim_ascii_start().strip_prefix(b"\"") else {
                continue;
            };
            let end = rest
                .iter()
                .position(|&c| c == b'"' || c == b'(')
                .unwrap_or(rest.len());
            let name = &rest[..end.min(256)];
            let name = match memchr::memmem::rfind(name, b"::") {
                Some(i) => &name[i + 2..],
                None => name,
            };
            let name = name.trim_ascii();
            if !name.is_empty() && name.iter().all(|&c| IDENT[usize::from(c)]) {
                out.push(name);
            }
        }
    }
    let offset = |w: &[u8]| w.as_ptr() as usize - text.as_ptr() as usize;
    for at in memchr::memmem::find_iter(text, b"extern \"C\"") {
        let after = at + 10;
        let rest = &text[after..];
        let skipped = rest.len() - rest.trim_ascii_start().len();
        let (from, to) = if rest.trim_ascii_start().first() == Some(&b'{') {
            // The block's end: its matching brace.
            let open = after + skipped;
            let mut depth = 0usize;
            let mut end = text.len();
            for (i, &c) in text[open..].iter().enumerate() {
                match c {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            (open, end)
        } else {
            // One declaration: up to its body or its end.
            let end = rest
                .iter()
                .position(|&c| c == b'{' || c == b';')
                .map_or(text.len(), |i| after + i);
            (after, end)
        };
        out.extend(
            functions
                .iter()
                .chain(declared)
                .copied()
                .filter(|w| (from..to).contains(&offset(w))),
        );
    }
    out
}

/// The folder and stem of the file an `#include "a/b/name.hpp"` (or `<a/name.h>`)
/// statement names: (`b`, `name`); no folder when it names none (or only `.` or `..`).
fn included_header(statement: &[u8]) -> Option<(&[u8], &[u8])> {
    let open = statement.iter().position(|&c| c == b'"' || c == b'<')?;
    let rest = &statement[open + 1..];
    let close = rest.iter().position(|&c| c == b'"' || c == b'>')?;
    let path = &rest[..close];
    let mut parts = path.rsplit(|&c| c == b'/' || c == b'\\');
    let name = parts.next()?;
    let folder = parts
        .next()
        .filter(|f| *f != b".." && *f != b".")
        .unwrap_or(b"");
    let stem = match name.iter().rposition(|&c| c == b'.') {
        Some(i) if i > 0 => &name[..i],
        _ => name,
    };
    (!stem.is_empty() && stem.iter().all(|&c| IDENT[usize::from(c)])).then_some((folder, stem))
}

/// `t` without the bytes of `set` at its end.
fn trim_end_of<'a>(t: &'a [u8], set: &[u8]) -> &'a [u8] {
    let end = t
        .iter()
        .rposition(|c| !set.contains(c))
        .map_or(0, |i| i + 1);
    &t[..end]
}

/// Words that start a statement that declares no variable of a class type.
const DECLARATION_KEYWORDS: &[&[u8]] = &[
    b"using",
    b"typedef",
    b"namespace",
    b"class",
    b"struct",
    b"union",
    b"enum",
    b"friend",
    b"template",
    b"public",
    b"private",
    b"protected",
    b"delete",
    b"goto",
    b"break",
    b"continue",
    b"throw",
    b"case",
    b"default",
    b"else",
    b"do",
    b"new",
    b"co_return",
    b"co_yield",
    b"co_await",
    b"const_cast",
    b"static_cast",
    b"extern",
    b"operator",
    b"void",
    b"bool",
    b"char",
    b"short",
    b"int",
    b"long",
    b"float",
    b"double",
    b"unsigned",
    b"signed",
    b"auto",
    b"size_t",
    b"int64_t",
    b"int32_t",
    b"uint64_t",
    b"uint32_t",
];

/// `class Name(a.Base, Mixin, metaclass=M):` → (`Name`, [`Base`, `Mixin`]), for every class
/// with bases.
fn class_bases<'t>(text: &'t [u8], classes: &[&'t [u8]]) -> Vec<(&'t [u8], Vec<&'t [u8]>)> {
    let mut out = Vec::new();
    for &name in classes {
        // (`name` is a slice of `text`: where it ends is where its bases start.)
        let end = name.as_ptr() as usize - text.as_ptr() as usize + name.len();
        let rest = text[end..].trim_ascii_start();
        if rest.first() != Some(&b'(') {
            continue;
        }
        let mut bases = Vec::new();
        let (mut depth, mut start) = (0usize, 1);
        for (i, &c) in rest.iter().enumerate().take(4096) {
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' | b',' if depth <= 1 => {
                    let part = rest[start..i].trim_ascii();
                    // The last dotted name, before any subscript (`Generic[T]`); not a
                    // keyword argument (`metaclass=M`).
                    let head = part
                        .split(|&c| c == b'[')
                        .next()
                        .unwrap_or(part)
                        .trim_ascii();
                    let last = head.rsplit(|&c| c == b'.').next().unwrap_or(head);
                    if !last.is_empty()
                        && !head.contains(&b'=')
                        && last.iter().all(|&c| IDENT[usize::from(c)])
                        && !last[0].is_ascii_digit()
                    {
                        bases.push(last);
                    }
                    start = i + 1;
                    if c != b',' {
                        break;
                    }
                }
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
        }
        if !bases.is_empty() {
            out.push((name, bases));
        }
    }
    out
}

/// Attributes bound to a partial function (`self._ffn = partial(Layer._moe, self)`): the
/// front end records each as a method that calls its target.
fn bound_partials(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    for at in memchr::memmem::find_iter(text, b"partial(") {
        let mut before = text[..at].trim_ascii_end();
        if !before.last().is_some_and(|&c| c == b'=' || c == b'.') {
            continue;
        }
        if let Some(rest) = before.strip_suffix(b"functools.") {
            before = rest.trim_ascii_end();
        } else if at > 0 && IDENT[usize::from(text[at - 1])] {
            continue;
        }
        let Some(rest) = before.strip_suffix(b"=") else {
            continue;
        };
        let before = rest.trim_ascii_end();
        let start = before
            .iter()
            .rposition(|&c| !IDENT[usize::from(c)])
            .map_or(0, |i| i + 1);
        let name = &before[start..];
        let object = &before[..start];
        if !name.is_empty()
            && !name[0].is_ascii_digit()
            && (object.ends_with(b"self.") || object.ends_with(b"cls."))
            && !object[..object.len() - 1].ends_with(b"=")
        {
            out.push(name);
        }
    }
    out
}

/// The names defined right after a `@property` decorator (the front end's too: a read
/// may come before the definition).
pub(crate) fn property_getters(text: &[u8]) -> Vec<&[u8]> {
    const PROPERTY: &[u8] = b"@property";
    memchr::memmem::find_iter(text, PROPERTY)
        .filter_map(|at| {
            let rest = text[at + PROPERTY.len()..].trim_ascii_start();
            let rest = rest
                .strip_prefix(b"async ")
                .unwrap_or(rest)
                .trim_ascii_start();
            let rest = rest.strip_prefix(b"def ")?.trim_ascii_start();
            let end = rest
                .iter()
                .position(|&b| !IDENT[usize::from(b)])
                .unwrap_or(rest.len());
            (end > 0).then(|| &rest[..end])
        })
        .collect()
}

/// The identifiers that follow the word `keyword` (`def stage` → `stage`).
pub(crate) fn after_keyword<'t>(text: &'t [u8], keyword: &[u8]) -> Vec<&'t [u8]> {
    let mut out = Vec::new();
    for at in memchr::memmem::find_iter(text, keyword) {
        let end = at + keyword.len();
        let bounded = at == 0 || !IDENT[usize::from(text[at - 1])];
        if !bounded || !text.get(end).is_some_and(u8::is_ascii_whitespace) {
            continue;
        }
        let rest = &text[end..];
        let skip = rest
            .iter()
            .position(|c| !c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let rest = &rest[skip..];
        let len = rest
            .iter()
            .position(|&c| !IDENT[usize::from(c)])
            .unwrap_or(rest.len());
        if len > 0 && !rest[0].is_ascii_digit() {
            out.push(&rest[..len]);
        }
    }
    out
}

/// Words followed by a parenthesis and a block that do not define a function.
const C_KEYWORDS: &[&[u8]] = &[
    b"if",
    b"for",
    b"while",
    b"switch",
    b"catch",
    b"return",
    b"sizeof",
    b"decltype",
    b"alignof",
    b"static_assert",
    b"defined",
    b"noexcept",
    b"throw",
    b"requires",
    b"alignas",
    b"__attribute__",
    b"__declspec",
];

/// Can a function's name follow `before`: a return type, a qualifier, a statement's end
/// (not an argument list, an initialiser list, an operator or a member access)?
fn c_name_position(before: &[u8]) -> bool {
    let Some(i) = before.iter().rposition(|c| !c.is_ascii_whitespace()) else {
        return true;
    };
    match before[i] {
        b':' => i > 0 && before[i - 1] == b':',
        c => IDENT[usize::from(c)] || b"*&>~;{}".contains(&c),
    }
}

/// What follows a parenthesised list after a name.
enum After {
    /// `(params) qualifiers {`, or a constructor's `(params) : member(init), .. {`.
    Body,
    /// `(params);`: a prototype when a type precedes the name, else a call.
    Semicolon,
}

/// Does the word before `before`'s end look like a type (`void* f(..);`, `int f(..);`,
/// `std::vector<float> f(..);`), not a statement's start or a keyword (`return f(..);`)
/// or a comparison (`a > f(b);`)?
fn c_type_before(before: &[u8]) -> bool {
    let trimmed = before.trim_ascii_end();
    match trimmed.last() {
        Some(b'*' | b'&') => true,
        Some(b'>') => closes_template(trimmed),
        Some(&c) if IDENT[usize::from(c)] => {
            let start = trimmed
                .iter()
                .rposition(|&c| !IDENT[usize::from(c)])
                .map_or(0, |i| i + 1);
            !matches!(
                &trimmed[start..],
                b"return"
                    | b"else"
                    | b"case"
                    | b"new"
                    | b"delete"
                    | b"throw"
                    | b"co_return"
                    | b"co_await"
                    | b"co_yield"
                    | b"goto"
                    | b"do"
            )
        }
        _ => false,
    }
}

/// Does `text` end with the `>` of a template's arguments (`vector<float>`,
/// `map<int, std::vector<T>>`): a matching `<` on the same line, right after a name?
fn closes_template(text: &[u8]) -> bool {
    let mut depth = 0usize;
    // (Parentheses inside the arguments: `std::function<void(const State&)>`.)
    let mut parens = 0usize;
    for (i, &c) in text.iter().enumerate().rev() {
        match c {
            b'>' if parens == 0 => depth += 1,
            b'<' if parens == 0 => {
                depth -= 1;
                if depth == 0 {
                    return text[..i]
                        .trim_ascii_end()
                        .last()
                        .is_some_and(|&c| IDENT[usize::from(c)]);
                }
            }
            b')' if depth > 0 => parens += 1,
            b'(' if parens > 0 => parens -= 1,
            b'\n' | b';' | b'{' | b'}' | b'(' | b')' => return false,
            _ => {}
        }
    }
    false
}

/// Does `before` end with `#define` and blanks (the name of a macro comes next)?
fn after_define(before: &[u8]) -> bool {
    let trimmed = before.trim_ascii_end();
    trimmed.len() < before.len()
        && trimmed
            .strip_suffix(b"define")
            .is_some_and(|rest| rest.trim_ascii_end().ends_with(b"#"))
}

/// The marked hash under which a file records that it declares `name` (C family): a file
/// with a prototype of a function can call it without including its header.
pub(crate) fn prototype_hash(name: &[u8]) -> u32 {
    let mut h = FxHasher::default();
    h.write(b"(prototype)");
    h.write(name);
    (h.finish() >> 32) as u32
}

/// What follows `text[at..]` (just after a name): a function body, a `;`, or neither. A
/// lexical guess, bounded in length: a call such as `if (ok(x)) {` is no definition (a
/// `)` follows the call).
fn c_after_parameters(text: &[u8], at: usize) -> Option<After> {
    const LIMIT: usize = 4096;
    let end = text.len().min(at.saturating_add(LIMIT));
    let b = &text[..end];
    let mut i = at;
    let skip_space = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    // A balanced group from an opening bracket at `i`: the index after it.
    let group = |mut i: usize, open: u8, close: u8| {
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b';' | b'}' => return None,
                _ => {}
            }
            i += 1;
        }
        None
    };
    i = skip_space(i);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    let after = group(i, b'(', b')')?;
    i = after;
    // After a lone `:`, a constructor's initialiser list: `member{init}` is not the body.
    let mut init_list = false;
    loop {
        i = skip_space(i);
        let &c = b.get(i)?;
        match c {
            b'{' => return Some(After::Body),
            b';' => return Some(After::Semicolon),
            b':' if b.get(i + 1) == Some(&b':') => i += 2,
            b':' => {
                init_list = true;
                i += 1;
            }
            // Qualifiers, trailing return types.
            b'&' | b'*' | b'<' | b'>' | b',' | b'-' => i += 1,
            b'(' => match group(i, b'(', b')') {
                Some(j) => i = j,
                None => return None,
            },
            c if IDENT[usize::from(c)] => {
                while i < b.len() && IDENT[usize::from(b[i])] {
                    i += 1;
                }
                let j = skip_space(i);
                if init_list && b.get(j) == Some(&b'{') {
                    match group(j, b'{', b'}') {
                        Some(k) => i = k,
                        None => return None,
                    }
                }
            }
            _ => return None,
        }
    }
}

/// Is the C++ function whose name starts at `start` (its parameters at `open`) declared
/// virtual: `virtual` before it on its line, or `override` / `final` between its
/// parameters and its body or `;`?
fn c_virtual(text: &[u8], start: usize, open: usize) -> bool {
    let line = text[..start]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    let word_in = |t: &[u8], w: &[u8]| {
        t.windows(w.len()).enumerate().any(|(i, win)| {
            win == w
                && (i == 0 || !IDENT[usize::from(t[i - 1])])
                && t.get(i + w.len()).is_none_or(|&c| !IDENT[usize::from(c)])
        })
    };
    if word_in(&text[line..start], b"virtual") {
        return true;
    }
    let rest = &text[open..text.len().min(open + 512)];
    let end = rest
        .iter()
        .position(|&c| matches!(c, b'{' | b';'))
        .unwrap_or(rest.len());
    let tail = &rest[..end];
    let close = tail.iter().rposition(|&c| c == b')').unwrap_or(0);
    word_in(&tail[close..], b"override") || word_in(&tail[close..], b"final")
}

impl Idents {
    /// Does the file mention this identifier (by its hash; a collision says yes)?
    pub(crate) fn has(&self, h: u32) -> bool {
        self.0.binary_search(&h).is_ok()
    }

    /// Does the file declare the C-family function `name` (a prototype)?
    pub fn declares(&self, name: &str) -> bool {
        self.has(prototype_hash(name.as_bytes()))
    }

    /// Does the file mention `word` (a collision says yes)?
    pub fn mentions(&self, word: &str) -> bool {
        let k = key(word);
        !k.is_empty() && self.has(hash(k))
    }

    /// Does an `#include` of the (C-family) file name `word`?
    pub fn imports(&self, word: &str) -> bool {
        let k = key(word);
        !k.is_empty() && self.has(import_hash(k))
    }
}

/// What an import of a file names: its stem (`utils/trt.py` → `trt`, `ops/copy.cu` →
/// `copy`, as `copy.h` declares it) and its folder (`utils`: a package that may re-export
/// it, an include path; a package's `__init__.py` only that).
pub fn module_names(path: &str) -> Vec<String> {
    let p = std::path::Path::new(path);
    let name = |s: Option<&std::ffi::OsStr>| s.map(|s| s.to_string_lossy().into_owned());
    let stem = name(p.file_stem()).filter(|s| s != "__init__");
    let package = name(p.parent().and_then(|d| d.file_name()));
    stem.into_iter().chain(package).collect()
}

#[cfg(test)]
mod tests {
    use super::{rust_typed_declarations, typed_declarations};

    fn pairs(v: Vec<(&[u8], &[u8])>) -> Vec<(String, String)> {
        v.into_iter()
            .map(|(n, t)| {
                (
                    String::from_utf8_lossy(n).into_owned(),
                    String::from_utf8_lossy(t).into_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn a_prototype_returning_a_template_with_a_signature_is_declared() {
        let text = b"std::function<void(const State&)> make_audit(std::size_t n);\nstd::vector<float> load(int n);\nint x = f(a) > g(b);\n";
        let d = super::Definitions::of(text, crate::model::Language::Cpp);
        let declared: Vec<&[u8]> = d.declared;
        assert_eq!(declared, [b"make_audit".as_slice(), b"load".as_slice()]);
    }

    #[test]
    fn rust_fields_parameters_and_lets_are_typed_through_wrappers() {
        let text = b"pub struct AppState {\n    pub renderer: Renderer,\n    enc: Mutex<jpeg::Encoder>,\n    stages: Vec<Box<dyn Stage>>,\n}\nfn tile(st: Arc<AppState>, r: &'a mut Renderer, n: usize) {\n    let s = Scale { factor: 2.0 };\n    let c: cust::Ctx = x;\n    'outer: loop {}\n}\n";
        assert_eq!(
            pairs(rust_typed_declarations(text)),
            [
                ("renderer", "Renderer"),
                ("enc", "Encoder"),
                ("st", "AppState"),
                ("r", "Renderer"),
                ("c", "Ctx"),
            ]
            .map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }

    #[test]
    fn a_cpp_declaration_is_typed_by_its_last_line_before_the_initialiser() {
        let text = b"void f() {\n    Loader* chosen = ready\n        ? fast\n        : slow;\n    Shape s;\n}\n";
        assert_eq!(
            pairs(typed_declarations(text)),
            [("chosen", "Loader"), ("s", "Shape")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }
}
