//! C, C++ and CUDA front end (tree-sitter-cpp; tree-sitter-cuda for `.cu`/`.cuh`, which
//! also understands `kernel<<<grid, block>>>(..)` launches). Both grammars share node kinds.
//!
//! `walk`: the syntax walk (scopes, loops and their trip counts, retry loops); `calls`: calls
//! and the events they make; `decls`: declarations, parameters, types and allocator containers;
//! `ownership`: owners, releases, disposals and stores that outlive a function; `constants`:
//! `#define`s, `#if 0`, constant declarations and integer expressions.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use tree_sitter::{Node, Parser, Tree};

use crate::frontend::builder::named_children;
use crate::frontend::fields::FieldChild;

use super::builder::{Builder, Scope};
use crate::catalog::Catalog;
use crate::model::{EscapeKind, FileModel, FunctionKind, Language, Span, root_name};

mod calls;
mod constants;
mod decls;
mod keys;
mod library;
mod ownership;
mod stores;
mod walk;

struct Cpp<'t, 'c> {
    b: Builder<'t>,
    catalog: &'c Catalog,
    lang: Language,
    /// `#define NAME text`: parsed only when a size or trip count needs NAME.
    defines: HashMap<&'t str, &'t str>,
    /// Function-like macros whose body returns (`CUDA_CHECK`): calling one may exit.
    /// The file's function-like macros that leave their invoker, and how.
    exiting_macros: HashMap<&'t str, crate::frontend::macros::MacroExit>,
    /// Walking the macros exposed as functions (`macros.rs`): parameters are untyped.
    in_macros: bool,
    /// The file mentions libtorch's `pinned_memory` at all: only then are a call's
    /// arguments searched for pinning `TensorOptions`.
    pinned_options: bool,
    /// `using PinnedPtr = std::unique_ptr<void, decltype(&cudaFreeHost)>;`: aliases of
    /// owning types, and whether each names a release API (its deleter).
    owner_aliases: HashMap<&'t str, bool>,
    /// Plain type aliases (`using PinnedSpace = Kokkos::HIPHostPinnedSpace;`): the alias's
    /// name and the last name of what it stands for, read where a type names the alias.
    type_aliases: HashMap<&'t str, &'t str>,
    /// Locals that are containers owning their storage (`std::vector<char> v`), by function.
    containers: HashSet<(usize, &'t str)>,
    /// Locals built empty (`ShotList shots;`), by function: the index of their
    /// construction's call, which their first sizing call (`shots.reserve(n)`) takes over.
    built_empty: HashMap<(usize, &'t str), usize>,
    /// Local structs held by value (`ck_mech m{};`), by function, and the pinned pointers
    /// stored into their fields (`m.A = coeffs;`): the buffer leaves the function where
    /// the struct does (`ctx->mech = m;`, `return m;`), not at the field store.
    value_locals: HashMap<(usize, &'t str), Vec<String>>,
}

pub fn build(
    parser: &mut Parser,
    text: &str,
    lang: Language,
    catalog: &Catalog,
    extent: &mut super::extent::Extent,
) -> Result<FileModel, String> {
    let mut cpp = Cpp {
        b: Builder::new(text),
        catalog,
        lang,
        defines: HashMap::default(),
        exiting_macros: HashMap::default(),
        in_macros: false,
        pinned_options: memchr::memmem::find(text.as_bytes(), b"pinned_memory").is_some(),
        owner_aliases: HashMap::default(),
        type_aliases: HashMap::default(),
        containers: HashSet::default(),
        built_empty: HashMap::default(),
        value_locals: HashMap::default(),
    };
    cpp.b.implicit_members = true;
    cpp.b.model.counters = super::keys::counters(text);
    // A file parsed in parts gets its macros once, with its first part.
    let first = extent.is_first();
    super::extent::parse_into(parser, text, lang, extent, &mut cpp)?;
    let _ = parser.set_included_ranges(&[]);
    // Function-like macros that pin, or forward to a function that does, as functions of
    // the same name (`macros.rs`).
    let pinning: HashSet<&str> = cpp
        .b
        .model
        .events
        .iter()
        .map(|e| cpp.b.model.functions[e.function].name.as_str())
        .filter(|n| !n.is_empty())
        .collect();
    if first
        && let Some(copy) = super::macros::exposed(text, lang, catalog, &pinning)
        && let Some(tree) = parser.parse(&copy, None)
    {
        let scope = cpp.b.root_scope();
        let before = cpp.b.model.functions.len();
        cpp.in_macros = true;
        cpp.walk(tree.root_node(), scope, 0);
        for f in &mut cpp.b.model.functions[before..] {
            f.macro_def = f.kind == FunctionKind::Function;
        }
        // A macro's parameters are its caller's expressions, not copies: a buffer it pins
        // into one (`cudaMallocHost(&(p), n)`) is the caller's.
        let handed: Vec<(usize, String, Span)> = cpp
            .b
            .model
            .events
            .iter()
            .filter(|e| e.function >= before)
            .filter_map(|e| {
                let root = root_name(e.pointer.as_deref()?);
                cpp.b
                    .is_declared(e.function, root)
                    .then(|| (e.function, e.pointer.clone().unwrap_or_default(), e.span))
            })
            .collect();
        for (function, name, at) in handed {
            let scope = Scope {
                function,
                ..cpp.b.root_scope()
            };
            cpp.b.add_escape(scope, name, EscapeKind::OutParam, at);
        }
    }
    cpp.fold_defines(parser);
    cpp.macro_exits();
    cpp.throwing_calls();
    cpp.b.capture_escapes();
    Ok(cpp.b.finish())
}

impl super::extent::Walker for Cpp<'_, '_> {
    fn model(&self) -> &FileModel {
        &self.b.model
    }

    fn file_scope_pointers(&self) -> Vec<&str> {
        // (And the flags that guard a pin: the items that set one back re-arm it.)
        let flags = self
            .b
            .model
            .events
            .iter()
            .filter_map(|e| e.guard_flag.as_deref());
        let mut names = self.b.file_scope_pointers();
        names.extend(flags);
        names
    }
}

impl super::extent::TreeWalker for Cpp<'_, '_> {
    fn walk_tree(&mut self, tree: &Tree) {
        let scope = self.b.root_scope();
        self.walk(tree.root_node(), scope, 0);
    }
}

fn field<'t, 'n>(node: Node<'n>, name: &'static str, text: &'t str) -> &'t str {
    node.field_child(name)
        .and_then(|n| text.get(n.byte_range()))
        .unwrap_or("")
}

/// The last name of `a::b::c`, `obj.f`, `p->f`, `f<T>`.
fn last_name<'t, 'n>(b: &Builder<'t>, node: Node<'n>) -> &'t str {
    let mut n = node;
    loop {
        let next = match n.kind() {
            "qualified_identifier" | "template_function" | "template_type" => n.field_child("name"),
            "field_expression" => n.field_child("field"),
            _ => None,
        };
        match next {
            Some(inner) => n = inner,
            None => return b.text_of(n),
        }
    }
}

fn find_kind<'a>(node: Node<'a>, kind: &str) -> Option<Node<'a>> {
    let mut cursor = node.walk();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.kind() == kind {
            return Some(n);
        }
        stack.extend(n.children(&mut cursor));
    }
    None
}

/// The identifier a declarator declares, through pointers, references, arrays and
/// initialisers.
fn declared_name(declarator: Node) -> Option<Node> {
    let mut n = declarator;
    loop {
        match n.kind() {
            "identifier" | "field_identifier" => return Some(n),
            // `auto& [name, fn]`: the last name, a map entry's value.
            "structured_binding_declarator" => {
                return named_children(n)
                    .into_iter()
                    .rfind(|c| c.kind() == "identifier");
            }
            // `void* (*fn)(void*)`: a function pointer's name is inside the parentheses.
            "parenthesized_declarator" => n = n.named_child(0)?,
            _ => {
                n = n.field_child("declarator").or_else(|| {
                    named_children(n).into_iter().find(|c| {
                        matches!(c.kind(), "identifier" | "structured_binding_declarator")
                    })
                })?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::constants::{parse_int, type_name};

    #[test]
    fn c_integer_literals() {
        assert_eq!(parse_int("0x10"), Some(16));
        assert_eq!(parse_int("1'000'000"), Some(1_000_000));
        assert_eq!(parse_int("64ULL"), Some(64));
        assert_eq!(parse_int("0b101u"), Some(5));
        assert_eq!(parse_int("017"), Some(15));
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("0u"), Some(0));
        assert_eq!(parse_int("1.5f"), None);
        assert_eq!(parse_int("1e3"), None);
    }

    #[test]
    fn type_names_are_normalised() {
        assert_eq!(type_name("unsigned   int"), "unsigned int");
        assert_eq!(type_name("float *"), "float*");
    }
}
