//! C, C++ and CUDA front end (tree-sitter-cpp; tree-sitter-cuda for `.cu`/`.cuh`, which
//! also understands `kernel<<<grid, block>>>(..)` launches). Both grammars share node kinds.

use std::collections::{HashMap, HashSet};

use tree_sitter::{Node, Parser, Tree};

use super::builder::{Builder, Scope, named_children, names_in, span};
use super::extent::MAX_DEPTH;
use crate::catalog::{ApiKind, Catalog, MatchKind, SizeSpec};
use crate::model::root_name;
use crate::model::{
    BinOp, Disposal, DisposalKind, EscapeKind, Event, ExitKind, Expr, FileModel, FunctionKind,
    Language, Lifetime, LoopKind, PtrScope, Receiver, Span, Trips,
};

/// At most this many arguments of a macro invocation are remembered (`CallSite::arg_roots`).
const MAX_ARG_ROOTS: usize = 8;

mod library;

/// At most this many `#define` bodies are folded per file.
const MAX_DEFINE_PARSES: usize = 256;

struct Cpp<'t, 'c> {
    b: Builder<'t>,
    catalog: &'c Catalog,
    lang: Language,
    /// `#define NAME text`: parsed only when a size or trip count needs NAME.
    defines: HashMap<&'t str, &'t str>,
    /// Function-like macros whose body returns (`CUDA_CHECK`): calling one may exit.
    returning_macros: HashSet<&'t str>,
    /// Walking the macros exposed as functions (`macros.rs`): parameters are untyped.
    in_macros: bool,
    /// The file mentions libtorch's `pinned_memory` at all: only then are a call's
    /// arguments searched for pinning `TensorOptions`.
    pinned_options: bool,
    /// `using PinnedPtr = std::unique_ptr<void, decltype(&cudaFreeHost)>;`: aliases of
    /// owning types, and whether each names a release API (its deleter).
    owner_aliases: HashMap<&'t str, bool>,
    /// Locals that are containers owning their storage (`std::vector<char> v`), by function.
    containers: HashSet<(usize, &'t str)>,
}

/// Calls that keep their argument beyond the statement.
const STORE_CALLS: &[&str] = &[
    "push_back",
    "emplace_back",
    "push_front",
    "emplace_front",
    "insert",
    "emplace",
    "push",
    "append",
    "assign",
    "store",
    "reset",
    "set",
];

/// Calls whose names say they take the buffer over (`add_memory(p, n)`, `addBlock(p)`,
/// `track(p)`, `adopt(p)`): a pool or manager that releases it later.
fn hands_over(name: &str) -> bool {
    ["add", "track", "adopt", "manage", "retain"]
        .iter()
        .any(|p| {
            name.strip_prefix(p).is_some_and(|rest| {
                rest.is_empty() || rest.starts_with('_') || rest.starts_with(char::is_uppercase)
            })
        })
}

/// `&f`, `(void*(*)(void*))f`, `f`: the function a thread-start call is given.
/// Arguments looked at for plain names handed over (`CallSite::name_args`).
const MAX_NAME_ARGS: usize = 8;

fn strip_address_of(n: Node) -> Node {
    let mut n = n;
    loop {
        let next = match n.kind() {
            "pointer_expression" | "parenthesized_expression" => n.named_child(0),
            "cast_expression" => n.child_by_field_name("value"),
            _ => None,
        };
        match next {
            Some(inner) => n = inner,
            None => return n,
        }
    }
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
        defines: HashMap::new(),
        returning_macros: HashSet::new(),
        in_macros: false,
        pinned_options: memchr::memmem::find(text.as_bytes(), b"pinned_memory").is_some(),
        owner_aliases: HashMap::new(),
        containers: HashSet::new(),
    };
    cpp.b.implicit_members = true;
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
    cpp.b.capture_escapes();
    Ok(cpp.b.finish())
}

impl super::extent::Walker for Cpp<'_, '_> {
    fn model(&self) -> &FileModel {
        &self.b.model
    }
}

impl super::extent::TreeWalker for Cpp<'_, '_> {
    fn walk_tree(&mut self, tree: &Tree) {
        let scope = self.b.root_scope();
        self.walk(tree.root_node(), scope, 0);
    }
}

impl<'t> Cpp<'t, '_> {
    /// A loop that repeats only while a call fails (see `Loop::while_failing`).
    fn mark_retry(&mut self, node: Node, inner: Scope<'t>) {
        let success = &self.catalog.context.success_values;
        let statuses = node
            .child_by_field_name("condition")
            .map(|c| failure_tests(c, self.b.text, success))
            .unwrap_or_default();
        if let Some(id) = inner.innermost_loop {
            self.b.model.loops[id].while_failing = statuses;
        }
    }

    fn walk<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, depth: usize) {
        if depth > MAX_DEPTH {
            self.b.too_deep = true;
            return;
        }
        let d = depth + 1;
        // These arms walk chosen fields only; their own comments would be missed.
        if matches!(
            node.kind(),
            "function_definition"
                | "lambda_expression"
                | "namespace_definition"
                | "class_specifier"
                | "struct_specifier"
                | "union_specifier"
                | "for_statement"
                | "for_range_loop"
                | "if_statement"
        ) {
            self.b.direct_comments(node);
        }
        match node.kind() {
            "comment" => self.b.comment(span(node)),
            "string_literal" | "raw_string_literal" | "char_literal" | "system_lib_string"
            | "preproc_include" => {}
            "preproc_function_def" => {
                let body = field(node, "value", self.b.text);
                let returns = body
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == "return");
                if returns && let Some(name) = node.child_by_field_name("name") {
                    self.returning_macros.insert(self.b.text_of(name));
                }
            }
            "preproc_def" => {
                if let (Some(name), Some(value)) = (
                    node.child_by_field_name("name"),
                    node.child_by_field_name("value"),
                ) {
                    let name = self.b.text_of(name);
                    let value = self.b.text_of(value);
                    let target = value.trim();
                    let is_api =
                        |n: &str| self.catalog.lookup(self.lang, MatchKind::Call, n).is_some();
                    if is_api(name) && is_api(target) {
                        self.b
                            .model
                            .api_aliases
                            .push((name.to_string(), target.to_string()));
                    }
                    match self.defines.get(name) {
                        Some(old) if old.trim() != value.trim() => {
                            self.b.poison_constant(name);
                        }
                        _ => {
                            self.defines.insert(name, value);
                        }
                    }
                }
            }
            "function_definition" => {
                let declarator = node.child_by_field_name("declarator");
                let name_node = declarator.and_then(function_name_node);
                let (name, qualifier) = match name_node {
                    Some(n) => self.split_qualified(n),
                    None => (String::new(), None),
                };
                let class = qualifier.or(scope.class.map(str::to_string));
                if let Some(decl) = declarator {
                    self.walk(decl, scope, d);
                }
                let inner = self.b.enter_function(
                    scope,
                    name,
                    FunctionKind::Function,
                    class,
                    span(node),
                    name_node.map(span),
                );
                let inner = Scope {
                    class: None,
                    ..inner
                };
                if let (Some(decl), Some(f)) =
                    (declarator, self.b.model.functions.get_mut(inner.function))
                {
                    f.params = params(decl, self.b.text, self.in_macros);
                }
                // `virtual void write(..)`, `void write(..) override`: reached through a
                // base class pointer, from callers the code does not name.
                let head = self
                    .b
                    .text
                    .get(
                        node.start_byte()..declarator.map_or(node.start_byte(), |d| d.start_byte()),
                    )
                    .unwrap_or("");
                let tail = declarator.map_or("", |d| self.b.text_of(d));
                let word = |text: &str, w: &str| {
                    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|t| t == w)
                };
                if word(head, "virtual") || word(tail, "override") || word(tail, "final") {
                    self.b.model.functions[inner.function].dispatched = true;
                }
                if let Some(decl) = declarator {
                    self.declare_params(decl, inner.function);
                }
                if extern_c(node, self.b.text) {
                    let name = self.b.model.functions[inner.function].name.clone();
                    if !name.is_empty() {
                        self.b.model.exports.push((name.clone(), name));
                    }
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(body, inner, d);
                }
            }
            "lambda_expression" => {
                let inner = self.b.enter_function(
                    scope,
                    "<lambda>".into(),
                    FunctionKind::Lambda,
                    None,
                    span(node),
                    None,
                );
                if let Some(decl) = node.child_by_field_name("declarator") {
                    self.declare_params(decl, inner.function);
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(body, inner, d);
                }
            }
            "namespace_definition" => {
                // An unnamed namespace only hides its functions from other files.
                let name = node.child_by_field_name("name").map(|n| self.b.text_of(n));
                if let Some(body) = node.child_by_field_name("body") {
                    let inner = Scope {
                        namespace: name.or(scope.namespace),
                        class: None,
                        ..scope
                    };
                    self.walk(body, inner, d);
                }
            }
            "class_specifier" | "struct_specifier" | "union_specifier" => {
                let name = node
                    .child_by_field_name("name")
                    .map_or("", |n| self.b.text_of(n));
                if !name.is_empty() {
                    // `class F : public BatchingFunc, private ns::Base<T>`: last names.
                    let bases = named_children(node)
                        .into_iter()
                        .filter(|c| c.kind() == "base_class_clause")
                        .flat_map(named_children)
                        .filter(|b| {
                            matches!(
                                b.kind(),
                                "type_identifier" | "qualified_identifier" | "template_type"
                            )
                        })
                        .map(|b| {
                            let t = self.b.text_of(b);
                            let t = t.split('<').next().unwrap_or(t);
                            t.rsplit("::").next().unwrap_or(t).trim().to_string()
                        })
                        .collect();
                    self.b.model.classes.push(crate::model::Class {
                        name: name.to_string(),
                        bases,
                    });
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(
                        body,
                        Scope {
                            class: Some(name),
                            ..scope
                        },
                        d,
                    );
                }
            }
            "for_statement" => {
                let trips = self.for_trips(node);
                if let Some(init) = node.child_by_field_name("initializer") {
                    self.walk(init, scope, d);
                }
                let inner = self.b.enter_loop(
                    scope,
                    LoopKind::For,
                    span(node),
                    header_before_body(node),
                    trips,
                );
                for field in ["condition", "update", "body"] {
                    if let Some(c) = node.child_by_field_name(field) {
                        self.walk(c, inner, d);
                    }
                }
            }
            "for_range_loop" => {
                let right = node.child_by_field_name("right");
                let trips = match right {
                    Some(r) if r.kind() == "initializer_list" => {
                        Trips::Fixed(named_children(r).len() as u64)
                    }
                    _ => Trips::Unknown,
                };
                if let Some(r) = right {
                    self.walk(r, scope, d);
                }
                let inner = self.b.enter_loop(
                    scope,
                    LoopKind::RangeFor,
                    span(node),
                    header_before_body(node),
                    trips,
                );
                let var = node
                    .child_by_field_name("declarator")
                    .and_then(declared_name);
                if let (Some(var), Some(r)) = (var, right) {
                    let (collection, _) = pointer(r, self.b.text);
                    let element = (
                        self.b.text_of(var).to_string(),
                        root_name(&collection).to_string(),
                    );
                    if let Some(lp) = self.b.model.loops.last_mut() {
                        lp.element = Some(element);
                    }
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(body, inner, d);
                }
            }
            "while_statement" => {
                let inner = self.b.enter_loop(
                    scope,
                    LoopKind::While,
                    span(node),
                    header_before_body(node),
                    Trips::Unknown,
                );
                self.mark_retry(node, inner);
                self.walk_children(node, inner, d);
            }
            // `do { .. } while (0)`, the statement macros' idiom, runs its body once: a
            // block, not a loop (a `break` in it goes to its end, like a `switch`'s).
            "do_statement" if once_only(field(node, "condition", self.b.text)) => {
                let inner = Scope {
                    in_switch: true,
                    ..scope
                };
                self.walk_children(node, inner, d);
            }
            "do_statement" => {
                // The `do` keyword is what a reader scans for; the condition is at the end.
                let header = node.child(0).map_or(span(node), span);
                let inner =
                    self.b
                        .enter_loop(scope, LoopKind::DoWhile, span(node), header, Trips::Unknown);
                self.mark_retry(node, inner);
                self.walk_children(node, inner, d);
            }
            // `#if 0` blocks are never compiled, nor `#if NAME` after `#define NAME 0`.
            "preproc_if" if self.false_condition(field(node, "condition", self.b.text)) => {
                if let Some(alt) = node.child_by_field_name("alternative") {
                    self.walk(alt, scope, d);
                }
            }
            "declaration" | "field_declaration" => {
                self.constant_declaration(node);
                // A function-local `static` is initialised once.
                let mut cursor = node.walk();
                let is_static = scope.function != 0
                    && node.children(&mut cursor).any(|c| {
                        c.kind() == "storage_class_specifier" && self.b.text_of(c) == "static"
                    });
                self.declaration(node, scope, is_static);
                if node.kind() == "declaration" {
                    self.allocator_container(node, scope);
                }
                let inner = Scope {
                    once: scope.once || is_static,
                    ..scope
                };
                self.walk_children(node, inner, d);
            }
            "new_expression" => {
                if let Some(t) = node.child_by_field_name("type") {
                    let name = last_name(&self.b, t);
                    self.b.add_call(scope, name, Receiver::New, span(node));
                    let list = node.child_by_field_name("arguments");
                    let params = &self.b.model.functions[scope.function].params;
                    let constants = constant_args(list, self.b.text, params);
                    self.b
                        .set_last_args(constants, list.map_or(0, |l| l.named_child_count()));
                }
                self.walk_children(node, scope, d);
            }
            "call_expression" => {
                self.host_free(node, scope);
                self.export(node);
                self.call(node, scope);
                self.walk_children(node, scope, d);
            }
            "delete_expression" => {
                if let Some(a) = named_children(node).last() {
                    let (p, _) = pointer(*a, self.b.text);
                    self.dispose(p, DisposalKind::Delete, scope, span(node));
                }
                self.walk_children(node, scope, d);
            }
            "alias_declaration" | "type_definition" => {
                self.owner_alias(node);
                self.walk_children(node, scope, d);
            }
            "return_statement" => {
                if let Some(value) = named_children(node).first() {
                    for name in self.b.identifiers(span(*value)) {
                        self.b
                            .add_escape(scope, name, EscapeKind::Returned, span(node));
                    }
                }
                self.b.add_exit(scope, ExitKind::Return, span(node));
                self.walk_children(node, scope, d);
            }
            "throw_statement" | "throw_expression" => {
                self.b.add_exit(scope, ExitKind::Throw, span(node));
                self.walk_children(node, scope, d);
            }
            "break_statement" => self.b.add_exit(scope, ExitKind::Break, span(node)),
            "switch_statement" => {
                let inner = Scope {
                    in_switch: true,
                    ..scope
                };
                self.walk_children(node, inner, d);
            }
            "if_statement" => {
                let cond = node.child_by_field_name("condition");
                if let Some(c) = cond {
                    self.walk(c, scope, d);
                }
                for (field, negated) in [("consequence", false), ("alternative", true)] {
                    let inner = Scope {
                        guard: cond.map(span),
                        negated,
                        ..scope
                    };
                    if let Some(c) = node.child_by_field_name(field) {
                        self.walk(c, inner, d);
                    }
                }
            }
            "continue_statement" => self.b.add_exit(scope, ExitKind::Continue, span(node)),
            "goto_statement" => {
                let label = field(node, "label", self.b.text).to_string();
                self.b.add_exit(scope, ExitKind::Goto(label), span(node));
            }
            "labeled_statement" => {
                let label = field(node, "label", self.b.text).to_string();
                self.b
                    .model
                    .goto_labels
                    .push((label, node.start_byte(), scope.function));
                self.walk_children(node, scope, d);
            }
            "assignment_expression" => {
                self.assignment(node, scope);
                self.walk_children(node, scope, d);
            }
            _ => self.walk_children(node, scope, d),
        }
    }

    fn walk_children<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, depth: usize) {
        // A cursor, not a collected Vec: no allocation per node.
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                self.walk(cursor.node(), scope, depth);
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
    }

    /// Is an `#if` condition `0`, or a name this file `#define`s to `0` above?
    fn false_condition(&self, cond: &str) -> bool {
        let cond = cond.trim();
        cond == "0"
            || (!self.b.is_conflicting(cond)
                && self
                    .defines
                    .get(cond)
                    .is_some_and(|v| matches!(v.trim(), "0" | "(0)" | "false")))
    }

    /// `ns::Foo::bar` → (`bar`, `Foo`); `bar` → (`bar`, none).
    fn split_qualified<'n>(&self, name: Node<'n>) -> (String, Option<String>) {
        let full = self.b.text_of(name);
        match full.rfind("::") {
            Some(i) => {
                let scope = full[..i].rsplit("::").next().unwrap_or("");
                let scope = scope.split('<').next().unwrap_or(scope).trim();
                (
                    full[i + 2..].trim().to_string(),
                    (!scope.is_empty()).then(|| scope.to_string()),
                )
            }
            None => (full.trim().to_string(), None),
        }
    }

    /// `const`/`constexpr` integral variables: `constexpr size_t kBytes = 4 << 20;`.
    fn constant_declaration<'n>(&mut self, node: Node<'n>) {
        let mut cursor = node.walk();
        let is_const = node.children(&mut cursor).any(|c| {
            c.kind() == "type_qualifier" && matches!(self.b.text_of(c), "const" | "constexpr")
        });
        // `T x = v;` holds (name, value) in an init_declarator; a class member
        // `static constexpr T x = v;` holds them directly.
        let pairs: Vec<(Node<'n>, Node<'n>)> = if node.kind() == "field_declaration" {
            node.child_by_field_name("declarator")
                .zip(node.child_by_field_name("default_value"))
                .into_iter()
                .collect()
        } else {
            named_children(node)
                .into_iter()
                .filter(|d| d.kind() == "init_declarator")
                .filter_map(|d| {
                    d.child_by_field_name("declarator")
                        .zip(d.child_by_field_name("value"))
                })
                .collect()
        };
        for (name, value) in pairs {
            if !matches!(name.kind(), "identifier" | "field_identifier") {
                continue;
            }
            let value = expr(value, self.b.text, 0);
            let name = self.b.text_of(name);
            if is_const && value != Expr::Unknown {
                self.b.add_constant(name, value);
            } else {
                self.b.poison_constant(name);
            }
        }
    }

    /// Parameters of a function or lambda declarator.
    fn declare_params<'n>(&mut self, declarator: Node<'n>, function: usize) {
        let Some(list) = find_kind(declarator, "parameter_list") else {
            return;
        };
        for p in named_children(list) {
            // `(p, n)` of a macro read as a function (`macros.rs`): untyped names.
            let name = p
                .child_by_field_name("declarator")
                .and_then(declared_name)
                .or_else(|| {
                    p.child_by_field_name("type")
                        .filter(|t| t.kind() == "type_identifier" && self.in_macros)
                });
            if let Some(name) = name {
                let name = self.b.text_of(name);
                self.b.declare_param(function, name);
            }
        }
    }

    /// Local variables, and buffers handed to owning objects
    /// (`std::unique_ptr<void, Unregister> guard(p);`).
    fn declaration<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, is_static: bool) {
        self.typed_declaration(node, scope, is_static);
        let ty = node.child_by_field_name("type");
        let alias = ty.and_then(|t| self.owner_aliases.get(last_name(&self.b, t)).copied());
        let owner = alias.is_some()
            || ty.is_some_and(|t| self.catalog.ownership.is_owner_type(self.b.text_of(t)));
        let container = scope.function != 0
            && !is_static
            && ty.is_some_and(|t| {
                self.catalog
                    .ownership
                    .is_owning_container(last_name(&self.b, t))
            });
        // `Chunk c(args);` constructs a Chunk; `std::thread t(f, i);` runs `f`.
        if let Some(t) = ty.filter(|t| {
            matches!(
                t.kind(),
                "type_identifier" | "qualified_identifier" | "template_type"
            )
        }) {
            let type_name = last_name(&self.b, t);
            let mut cursor = node.walk();
            let constructed: Vec<Node<'n>> = node
                .children_by_field_name("declarator", &mut cursor)
                .filter_map(|d| d.child_by_field_name("value"))
                .filter(|v| matches!(v.kind(), "argument_list" | "initializer_list"))
                .collect();
            // `Chunk c(n);` in a function body parses as a declaration of a function `c`
            // taking a `n` (the most vexing parse); C++ reads it as a variable when `n` is
            // not a type, and local function declarations are rare: a construction.
            let mut cursor = node.walk();
            let vexing: Vec<Node<'n>> = if scope.function != 0 {
                node.children_by_field_name("declarator", &mut cursor)
                    .filter(|d| d.kind() == "function_declarator")
                    .filter_map(|d| d.child_by_field_name("parameters"))
                    .filter(|ps| {
                        let params = named_children(*ps);
                        !params.is_empty()
                            && params.iter().all(|p| {
                                p.kind() == "parameter_declaration"
                                    && p.child_by_field_name("declarator").is_none()
                                    && p.child_by_field_name("type")
                                        .is_some_and(|t| t.kind() == "type_identifier")
                            })
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // `std::shared_ptr<void> s(p, cudaFreeHost);` parses as a function declaration
            // too: the owner is given `p`.
            if owner {
                let kind = self.owner_kind(node, alias);
                for ps in &vexing {
                    for p in named_children(*ps) {
                        if let Some(t) = p.child_by_field_name("type") {
                            let name = self.b.text_of(t).to_string();
                            self.b.add_escape(scope, name, kind, span(node));
                        }
                    }
                }
            }
            // `Staging s;` in a body: the default constructor runs there (and the
            // destructor at the end of the block).
            if scope.function != 0 && !type_name.ends_with("_t") {
                let mut cursor = node.walk();
                let plain: Vec<Node<'n>> = node
                    .children_by_field_name("declarator", &mut cursor)
                    .filter(|d| d.kind() == "identifier")
                    .collect();
                for d in plain {
                    self.b.add_call(scope, type_name, Receiver::New, span(d));
                    self.b.scoped_last_call();
                }
            }
            for args in constructed.into_iter().chain(vexing) {
                if self.b.text_of(t).contains("thread") {
                    // (`std::thread t(work, i);` in a body parses as a function declaration
                    // whose parameters are the types `work` and `i`.)
                    if let Some(f) = named_children(args)
                        .into_iter()
                        .find_map(|a| match a.kind() {
                            "identifier" => Some(a),
                            "parameter_declaration" => a
                                .child_by_field_name("type")
                                .filter(|t| t.kind() == "type_identifier"),
                            _ => None,
                        })
                    {
                        let callee = self.b.text_of(f);
                        self.b.add_call(scope, callee, Receiver::None, span(f));
                        if self.catalog.context.is_thread_starter(type_name) {
                            self.b.thread_last_call();
                        }
                    }
                } else {
                    self.b.add_call(scope, type_name, Receiver::New, span(args));
                    if scope.function != 0 && !is_static {
                        self.b.scoped_last_call();
                    }
                    let params = &self.b.model.functions[scope.function].params;
                    let constants = constant_args(Some(args), self.b.text, params);
                    self.b.set_last_args(constants, args.named_child_count());
                }
            }
        }
        let mut cursor = node.walk();
        let declarators: Vec<Node<'n>> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for decl in declarators {
            if let Some(name) = declared_name(decl) {
                let name = self.b.text_of(name);
                if scope.function != 0 {
                    self.b.declare_local(scope.function, name);
                    if is_static {
                        self.b.declare_static(scope.function, name);
                    }
                }
                // A vector's storage goes with it at the end of its block.
                if container
                    && let Some(block) = node.parent().filter(|p| p.kind() == "compound_statement")
                {
                    self.containers.insert((scope.function, name));
                    let end = block.end_byte();
                    self.b.model.disposals.push(Disposal {
                        name: name.to_string(),
                        kind: DisposalKind::ScopeEnd,
                        function: scope.function,
                        span: Span {
                            start: end.saturating_sub(1),
                            end,
                        },
                    });
                }
            }
            if owner && let Some(value) = decl.child_by_field_name("value") {
                let kind = self.owner_kind(node, alias);
                for arg in named_children(value) {
                    let (name, _) = pointer(arg, self.b.text);
                    self.b.add_escape(scope, name, kind, span(decl));
                }
            }
        }
    }

    /// An owner whose construction names a release API (`&cudaHostUnregister`) releases
    /// what it is given.
    fn owner_kind<'n>(&self, node: Node<'n>, alias: Option<bool>) -> EscapeKind {
        let releases = alias == Some(true) || self.names_release(node);
        if releases {
            EscapeKind::Guarded
        } else {
            EscapeKind::Owner
        }
    }

    /// Does `node`'s text name a release API (`&cudaFreeHost`, `hipHostFree`)?
    fn names_release<'n>(&self, node: Node<'n>) -> bool {
        self.b.identifiers(span(node)).iter().any(|w| {
            self.catalog
                .lookup(self.lang, MatchKind::Call, w)
                .is_some_and(|id| {
                    matches!(
                        self.catalog.apis[id].kind,
                        ApiKind::Free | ApiKind::Unregister
                    )
                })
        })
    }

    /// `using PinnedPtr = std::unique_ptr<..>;` / `typedef std::shared_ptr<..> Pinned;`.
    fn owner_alias<'n>(&mut self, node: Node<'n>) {
        let (name, ty) = match node.kind() {
            "alias_declaration" => (
                node.child_by_field_name("name"),
                node.child_by_field_name("type"),
            ),
            _ => (
                node.child_by_field_name("declarator"),
                node.child_by_field_name("type"),
            ),
        };
        let (Some(name), Some(ty)) = (name, ty) else {
            return;
        };
        if name.kind() != "type_identifier"
            || !self.catalog.ownership.is_owner_type(self.b.text_of(ty))
        {
            return;
        }
        let releases = self.names_release(ty);
        self.owner_aliases.insert(self.b.text_of(name), releases);
    }

    /// `delete[] p`, `free(p)`, `v = ..`, `v.resize(n)`: host memory ended.
    fn dispose(&mut self, name: String, kind: DisposalKind, scope: Scope<'t>, at: Span) {
        if name.is_empty() || scope.function == 0 {
            return;
        }
        self.b.model.disposals.push(Disposal {
            name,
            kind,
            function: scope.function,
            span: at,
        });
    }

    /// A call that ends host memory: a host free function, or a reallocating method of
    /// a container local.
    /// `std::vector<T, PinnedAlloc<T>> v(n);`: a standard container with an allocator of
    /// the project's allocates through it where it is declared (and frees at the end of its
    /// scope): a call of the allocator type's `allocate`.
    fn allocator_container(&mut self, node: Node, scope: Scope<'t>) {
        let text = self.b.text;
        let Some(ty) = node.child_by_field_name("type") else {
            return;
        };
        let (ty, name) = match ty.kind() {
            "qualified_identifier" => match ty.child_by_field_name("name") {
                Some(n) => (n, n),
                None => return,
            },
            _ => (ty, ty),
        };
        if ty.kind() != "template_type" {
            return;
        }
        let container = name
            .child_by_field_name("name")
            .and_then(|n| text.get(n.byte_range()))
            .unwrap_or("");
        // The allocator's position among the container's template arguments.
        let at = match container {
            "vector" | "deque" | "list" | "forward_list" => 1,
            "basic_string" => 2,
            _ => return,
        };
        let Some(args) = ty.child_by_field_name("arguments") else {
            return;
        };
        let list = named_children(args);
        let Some(alloc) = list.get(at) else {
            return;
        };
        // The allocator's own name (`PinnedAlloc` of `ns::PinnedAlloc<T>`); the standard one
        // pins nothing.
        let alloc = match alloc.kind() {
            "type_descriptor" => alloc.child_by_field_name("type").unwrap_or(*alloc),
            _ => *alloc,
        };
        let alloc = match alloc.kind() {
            "template_type" => alloc.child_by_field_name("name").unwrap_or(alloc),
            "qualified_identifier" => {
                let n = alloc.child_by_field_name("name").unwrap_or(alloc);
                n.child_by_field_name("name").unwrap_or(n)
            }
            _ => alloc,
        };
        let Some(class) = text.get(alloc.byte_range()) else {
            return;
        };
        let class = class.rsplit("::").next().unwrap_or(class).trim();
        if class.is_empty()
            || class == "allocator"
            || !class.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            return;
        }
        let at = named_children(node)
            .into_iter()
            .find(|c| c.kind() == "init_declarator")
            .map_or(span(node), span);
        self.b
            .add_call(scope, "allocate", Receiver::Name(class.to_string()), at);
    }

    /// A binding that makes a function callable from Python: pybind11's `m.def("name",
    /// &fn)` (also on a `py::class_`), PyTorch's `m.impl("name", &fn)` or `m.def("ns::name(Tensor
    /// x) -> Tensor", TORCH_FN(fn))`.
    fn export(&mut self, node: Node) {
        let text = self.b.text;
        let Some(callee) = node.child_by_field_name("function") else {
            return;
        };
        if callee.kind() != "field_expression"
            || !callee
                .child_by_field_name("field")
                .and_then(|f| text.get(f.byte_range()))
                .is_some_and(|f| f == "def" || f == "impl")
        {
            return;
        }
        let Some(args) = node.child_by_field_name("arguments") else {
            return;
        };
        let list = named_children(args);
        let [first, second, ..] = list.as_slice() else {
            return;
        };
        if first.kind() != "string_literal" {
            return;
        }
        let Some(literal) = text.get(first.byte_range()) else {
            return;
        };
        // The schema's operator name: up to its parameters, after its namespace.
        let name = literal.trim_matches('"');
        let name = name.split('(').next().unwrap_or(name);
        let name = name.rsplit("::").next().unwrap_or(name).trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return;
        }
        if let Some(function) = bound_function(*second, text) {
            self.b.model.exports.push((name.to_string(), function));
        }
    }

    fn host_free<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.child_by_field_name("function") else {
            return;
        };
        let args = node
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        match func.kind() {
            "identifier" | "qualified_identifier" => {
                let name = last_name(&self.b, func);
                if self
                    .catalog
                    .ownership
                    .host_free_functions
                    .iter()
                    .any(|f| f == name)
                    && let Some(a) = args.first()
                {
                    let (p, _) = pointer(*a, self.b.text);
                    self.dispose(p, DisposalKind::Free, scope, span(node));
                }
            }
            "field_expression" => {
                let method = field(func, "field", self.b.text);
                let Some(object) = func
                    .child_by_field_name("argument")
                    .filter(|o| o.kind() == "identifier")
                else {
                    return;
                };
                let object = self.b.text_of(object);
                if self.containers.contains(&(scope.function, object))
                    && self
                        .catalog
                        .ownership
                        .reallocating_methods
                        .iter()
                        .any(|m| m == method)
                {
                    self.dispose(
                        object.to_string(),
                        DisposalKind::Reassigned,
                        scope,
                        span(node),
                    );
                }
            }
            _ => {}
        }
    }

    /// `*out = p` writes through a parameter; `obj->buf = p`, `table[i] = p` and a
    /// non-local `g = p` store the buffer somewhere that outlives the function.
    fn assignment<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        if field(node, "operator", self.b.text) != "=" {
            return;
        }
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return;
        };
        if left.kind() == "identifier" {
            let target = self.b.text_of(left);
            if self.containers.contains(&(scope.function, target)) {
                self.dispose(
                    target.to_string(),
                    DisposalKind::Reassigned,
                    scope,
                    span(node),
                );
            }
        }
        let (name, _) = pointer(right, self.b.text);
        let kind = match left.kind() {
            "pointer_expression" => EscapeKind::OutParam,
            "field_expression" | "subscript_expression" | "qualified_identifier" => {
                EscapeKind::Stored
            }
            "identifier" if !self.b.is_declared(scope.function, self.b.text_of(left)) => {
                EscapeKind::Stored
            }
            _ => return,
        };
        self.b.add_escape(scope, name, kind, span(node));
    }

    /// Calls of macros that return count as exits where their definition is visible.
    fn macro_exits(&mut self) {
        let exits: Vec<_> = self
            .b
            .model
            .calls
            .iter()
            .filter(|c| self.returning_macros.contains(c.callee.as_str()))
            .map(|c| crate::model::Exit {
                kind: ExitKind::MacroReturn(c.callee.clone()),
                span: c.span,
                function: c.function,
                innermost_loop: c.innermost_loop,
                guard: None,
                guard_names: Vec::new(),
            })
            .collect();
        self.b.model.exits.extend(exits);
    }

    /// `for (int i = a; i < b; i += s)` and its variants.
    fn for_trips<'n>(&self, node: Node<'n>) -> Trips {
        let text = self.b.text;
        let (Some(init), Some(cond), Some(update)) = (
            node.child_by_field_name("initializer"),
            node.child_by_field_name("condition"),
            node.child_by_field_name("update"),
        ) else {
            return Trips::Unknown;
        };
        // Initializer: `int i = a` or `i = a`.
        let (var, start) = match init.kind() {
            "declaration" => match named_children(init)
                .into_iter()
                .find(|c| c.kind() == "init_declarator")
            {
                Some(d) => match (
                    d.child_by_field_name("declarator"),
                    d.child_by_field_name("value"),
                ) {
                    (Some(v), Some(e)) => (self.b.text_of(v), expr(e, text, 0)),
                    _ => return Trips::Unknown,
                },
                None => return Trips::Unknown,
            },
            "assignment_expression" if field(init, "operator", text) == "=" => {
                match (
                    init.child_by_field_name("left"),
                    init.child_by_field_name("right"),
                ) {
                    (Some(v), Some(e)) => (self.b.text_of(v), expr(e, text, 0)),
                    _ => return Trips::Unknown,
                }
            }
            _ => return Trips::Unknown,
        };
        // Step: `++i`, `i--`, `i += k`, `i -= k`, `i = i + k`.
        let step = match update.kind() {
            "update_expression" if field(update, "argument", text) == var => {
                match field(update, "operator", text) {
                    "++" => Expr::Int(1),
                    "--" => Expr::Int(-1),
                    _ => return Trips::Unknown,
                }
            }
            "assignment_expression" if field(update, "left", text) == var => {
                let Some(right) = update.child_by_field_name("right") else {
                    return Trips::Unknown;
                };
                match field(update, "operator", text) {
                    "+=" => expr(right, text, 0),
                    "-=" => Expr::Neg(Box::new(expr(right, text, 0))),
                    "=" if right.kind() == "binary_expression"
                        && field(right, "left", text) == var =>
                    {
                        let Some(k) = right.child_by_field_name("right") else {
                            return Trips::Unknown;
                        };
                        match field(right, "operator", text) {
                            "+" => expr(k, text, 0),
                            "-" => Expr::Neg(Box::new(expr(k, text, 0))),
                            _ => return Trips::Unknown,
                        }
                    }
                    _ => return Trips::Unknown,
                }
            }
            _ => return Trips::Unknown,
        };
        // Condition: `i < n`, `i <= n`, `n > i`, `i > 0`, `i != n`.
        if cond.kind() != "binary_expression" {
            return Trips::Unknown;
        }
        let (Some(l), Some(r)) = (
            cond.child_by_field_name("left"),
            cond.child_by_field_name("right"),
        ) else {
            return Trips::Unknown;
        };
        let op = field(cond, "operator", text);
        let (bound, op) = if self.b.text_of(l) == var {
            (r, op)
        } else if self.b.text_of(r) == var {
            let flipped = match op {
                "<" => ">",
                "<=" => ">=",
                ">" => "<",
                ">=" => "<=",
                other => other,
            };
            (l, flipped)
        } else {
            return Trips::Unknown;
        };
        let counting_up = !matches!(step, Expr::Neg(_) | Expr::Int(i128::MIN..=-1));
        let inclusive = match (op, counting_up) {
            ("<", true) | (">", false) | ("!=", _) => false,
            ("<=", true) | (">=", false) => true,
            // The condition and the step disagree: the count is not what it seems.
            _ => return Trips::Unknown,
        };
        Trips::Counted {
            start,
            end: expr(bound, text, 0),
            step,
            inclusive,
        }
    }

    fn call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.child_by_field_name("function") else {
            return;
        };
        let name = match func.kind() {
            "identifier" => self.b.text_of(func),
            "qualified_identifier" | "template_function" | "field_expression" => {
                last_name(&self.b, func)
            }
            _ => return,
        };
        // The runtime and driver APIs are C functions of the global namespace: a call
        // qualified by a namespace (`amgx::memory::cudaMallocHost`) is the project's own
        // wrapper of the same name, followed like any other function. A wrapper named
        // like a release (`amgx::memory::cudaFreeHost(p)`) releases `p` all the same.
        let wrapper =
            func.kind() == "qualified_identifier" && self.split_qualified(func).1.is_some();
        // libtorch: a factory whose `TensorOptions` say `.pinned_memory(true)` (`at::empty(..,
        // opts)`), and `t.pin_memory()`. These live in a namespace by design.
        let options = self.tensor_options(node, scope);
        let libtorch = [
            (options.is_some(), MatchKind::PinKwarg),
            (func.kind() == "field_expression", MatchKind::Method),
        ]
        .into_iter()
        .filter(|(applies, _)| *applies)
        .find_map(|(_, how)| self.catalog.lookup(self.lang, how, name))
        .or_else(|| {
            // A project's own factory given pinned options
            // (`empty_with_uninitialized_data(shape, opts)`) makes a pinned tensor like
            // `at::empty`; not a method, a type's constructor (`TensorOptions(opts)`), a
            // call that only labels memory it is handed (`from_blob`), nor one given a
            // lambda whose body makes options (`folly::lazy([&] { .. })`).
            let own_factory = options
                .as_deref()
                .is_some_and(|t| !t.contains(['{', ';']) && !t.trim_start().starts_with('['))
                && func.kind() != "field_expression"
                && !name.starts_with(|c: char| c.is_ascii_uppercase())
                && !self
                    .catalog
                    .ownership
                    .borrowing_factories
                    .iter()
                    .any(|b| b == name);
            own_factory
                .then(|| self.catalog.shaped_factory(self.lang))
                .flatten()
        })
        .or_else(|| self.pin_arg_api(node, name));
        let api = libtorch
            .or_else(|| {
                self.catalog
                    .lookup(self.lang, MatchKind::Call, name)
                    .filter(|&id| {
                        !wrapper
                            || self.catalog.apis[id].namespaced
                            || matches!(
                                self.catalog.apis[id].kind,
                                ApiKind::Free | ApiKind::Unregister
                            )
                    })
            })
            .filter(|&id| self.on_pinned_receiver(id, func));
        let Some(api_id) = api else {
            if self.typed_temporary(node, func, scope) {
                return;
            }
            let receiver = match func.kind() {
                "qualified_identifier" => {
                    let (_, scope) = self.split_qualified(func);
                    scope.map_or(Receiver::None, Receiver::Name)
                }
                "field_expression" => match func.child_by_field_name("argument") {
                    Some(a) if self.b.text_of(a) == "this" => Receiver::SelfRef,
                    _ => Receiver::Expr,
                },
                _ => Receiver::None,
            };
            self.b.add_call(scope, name, receiver, span(node));
            let result = match node.parent().map(|p| p.kind()) {
                Some("return_statement") => Some(crate::model::RETURNED.to_string()),
                _ => status_var(node, self.b.text),
            };
            self.b.set_last_result(result);
            let list = node.child_by_field_name("arguments");
            let params = &self.b.model.functions[scope.function].params;
            let constants = constant_args(list, self.b.text, params);
            self.b
                .set_last_args(constants, list.map_or(0, |l| l.named_child_count()));
            // A macro's arguments: what its parameters stand for here.
            if crate::model::constant_style(name) {
                let roots = list
                    .map(named_children)
                    .unwrap_or_default()
                    .into_iter()
                    .take(MAX_ARG_ROOTS)
                    .map(|a| root_name(&pointer(a, self.b.text).0).to_string())
                    .collect();
                self.b.set_last_arg_roots(roots);
            }
            let names: Vec<(u8, String)> = list
                .map(named_children)
                .unwrap_or_default()
                .into_iter()
                .enumerate()
                .take(MAX_NAME_ARGS)
                .map(|(i, a)| (i, strip_address_of(a)))
                .filter(|(_, a)| a.kind() == "identifier")
                .map(|(i, a)| (i as u8, self.b.text_of(a)))
                .filter(|(_, a)| !self.b.is_plain_local(scope.function, a))
                .map(|(i, a)| (i, a.to_string()))
                .collect();
            // `cudaLaunchHostFunc(s, on_done, data)`, `PoolAllocatorNew(alloc, release)`:
            // the functions named among the arguments are callbacks, run once per event.
            if !names.is_empty() && self.catalog.entry_points.is_callback(name) {
                for (_, f) in &names {
                    self.b
                        .model
                        .passed_functions
                        .push((name.to_string(), f.clone()));
                }
            }
            self.b.set_last_name_args(names);
            // `if (ret == 0) alloc((void**)&ret, n)`: the call fills what its guard finds
            // missing.
            let text = self.b.text;
            let fills = node
                .child_by_field_name("arguments")
                .map(named_children)
                .unwrap_or_default()
                .into_iter()
                .filter(|a| self.b.text_of(*a).contains('&'))
                .any(|a| self.b.guards_absence(scope, &pointer(a, text).0));
            if fills {
                self.b.guard_last_call();
            }
            let callee_text = self.b.text_of(func);
            let args_of = |n: Node<'n>| {
                n.child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default()
            };
            // `std::make_unique<Chunk>(..)` constructs a Chunk.
            let template = if func.kind() == "template_function" {
                Some(func)
            } else {
                find_kind(func, "template_function")
            };
            if matches!(name, "make_unique" | "make_shared")
                && let Some(targs) = template.and_then(|t| t.child_by_field_name("arguments"))
                && let Some(t) = named_children(targs).first()
            {
                let ty = self.b.text_of(*t);
                let ty = ty.rsplit("::").next().unwrap_or(ty).trim();
                self.b.add_call(scope, ty, Receiver::New, span(node));
            }
            // `std::thread(f, i)`, `std::thread(&f, i)`, `std::async(f)`, `pool.submit(f)`,
            // `threads.emplace_back(f, i)`.
            if matches!(
                name,
                "thread" | "jthread" | "async" | "submit" | "post" | "emplace_back"
            ) && let Some(f) = args_of(node)
                .into_iter()
                .map(strip_address_of)
                .find(|a| a.kind() == "identifier")
            {
                let callee = self.b.text_of(f);
                self.b.add_call(scope, callee, Receiver::None, span(f));
            }
            // `pthread_create(&t, 0, worker, arg)`, `CreateThread(.., worker, ..)`,
            // `_beginthreadex(.., worker, ..)`: the new thread runs `worker` once.
            let start = match name {
                "pthread_create" | "CreateThread" | "_beginthreadex" => Some(2),
                "_beginthread" => Some(0),
                _ => None,
            };
            if let Some(f) = start
                .and_then(|i| args_of(node).get(i).copied())
                .map(strip_address_of)
                .filter(|a| a.kind() == "identifier")
            {
                let callee = self.b.text_of(f);
                self.b.add_call(scope, callee, Receiver::None, span(f));
                if self.catalog.context.is_thread_starter(name) {
                    self.b.thread_last_call();
                }
            }
            let kind = if STORE_CALLS.contains(&name) || hands_over(name) {
                Some(EscapeKind::Stored)
            } else if self.catalog.ownership.is_owner_type(callee_text) {
                Some(self.owner_kind(node, None))
            } else {
                None
            };
            if let Some(kind) = kind {
                let args = node
                    .child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                for a in args {
                    let (arg, _) = pointer(a, self.b.text);
                    self.b.add_escape(scope, arg, kind, span(node));
                    for name in self.b.identifiers(span(a)) {
                        self.b.add_escape(scope, name, kind, span(node));
                    }
                }
            }
            return;
        };
        let api = &self.catalog.apis[api_id];
        let args = node
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        let size = match &api.size {
            SizeSpec::Bytes { arg: Some(i), .. } => Some(
                args.get(*i)
                    .map_or(Expr::Unknown, |a| expr(*a, self.b.text, 0)),
            ),
            SizeSpec::Shape {
                arg: Some(i),
                default_dtype,
                ..
            } => args.get(*i).map(|shape| {
                let numel = match shape.kind() {
                    // `{rows, cols}`
                    "initializer_list" => named_children(*shape)
                        .into_iter()
                        .map(|d| match expr(d, self.b.text, 0) {
                            // `isWeighted ? n : 0`: kept as written.
                            Expr::Unknown => {
                                let words: Vec<&str> =
                                    self.b.text_of(d).split_whitespace().collect();
                                Expr::Term(format!("({})", words.join(" ")))
                            }
                            e => e,
                        })
                        .reduce(|a, b| Expr::Binary(BinOp::Mul, Box::new(a), Box::new(b)))
                        .unwrap_or(Expr::Int(1)),
                    _ => expr(*shape, self.b.text, 0),
                };
                let text = options.as_deref().unwrap_or("");
                let item = torch_itemsize(text)
                    .or_else(|| {
                        (!text.contains("options()") && !text.contains(".dtype("))
                            .then(|| default_dtype.as_deref().and_then(crate::tax::dtype_size))
                            .flatten()
                            .map(i128::from)
                    })
                    .map_or_else(
                        // `t.options().pinned_memory(true)`: `t`'s element type.
                        || {
                            let of = text
                                .find(".options()")
                                .map(|end| receiver_before(&text[..end]).to_string())
                                .filter(|t| !t.is_empty())
                                .unwrap_or_else(|| "options".into());
                            Expr::DtypeSize(of)
                        },
                        Expr::Int,
                    );
                Expr::Binary(BinOp::Mul, Box::new(numel), Box::new(item))
            }),
            // `t.pin_memory()`, `at::empty_like(t, opts)`: the size of `t`.
            _ if api.caching => {
                let of = match func.child_by_field_name("argument") {
                    Some(receiver) if func.kind() == "field_expression" => Some(receiver),
                    _ => args.first().copied(),
                };
                of.map(|t| Expr::Term(format!("nbytes({})", self.b.text_of(t))))
            }
            _ => None,
        };
        let (pointer, member) = match api.pointer_arg.and_then(|i| args.get(i)) {
            Some(a) => {
                let (p, member) = pointer(*a, self.b.text);
                (Some(p), member)
            }
            // `void* p = mr.allocate(n);`: a returned buffer with a release is `p`.
            None if !api.released_by.is_empty() => (status_var(node, self.b.text), false),
            None => (None, false),
        };
        let root = pointer.as_deref().map(root_name).map(str::to_string);
        let guarded_once = scope.once
            || pointer
                .as_deref()
                .is_some_and(|d| self.b.guards_absence(scope, d));
        self.b.add_event(
            Event {
                api: api_id,
                kind: api.kind,
                callee: self.b.text_of(func).split_whitespace().collect(),
                span: span(node),
                size,
                pointer,
                pointer_scope: PtrScope::Local,
                // (A libtorch tensor is released with its last reference.)
                lifetime: if api.match_kind == MatchKind::Call {
                    Lifetime::Manual
                } else {
                    api.lifetime()
                },
                in_cleanup: scope.cleanup,
                guarded_once,
                status_var: status_var(node, self.b.text),
                stored_in_container: false,
                store: None,
                condition: self.b.condition(scope),
                pin_flag: None,
                function: scope.function,
                innermost_loop: self.b.event_loop(scope),
            },
            root.as_deref(),
            member,
        );
    }

    /// The `TensorOptions` text of a libtorch factory call that pins: an argument that says
    /// `.pinned_memory(true)`, or names a variable the function set to options that say so
    /// (`const auto opts = at::TensorOptions(at::kCPU).pinned_memory(true);` then
    /// `at::empty({n}, opts.dtype(at::kInt))`). The text, for its dtype.
    fn tensor_options(&self, call: Node, scope: Scope<'t>) -> Option<String> {
        if !self.pinned_options {
            return None;
        }
        let args = call.child_by_field_name("arguments").map(named_children)?;
        let pins = |t: &str| {
            let t: String = t.split_whitespace().collect();
            t.contains("pinned_memory(true)")
        };
        let body_start = self.b.model.functions[scope.function].span.start;
        let before = self.b.text.get(body_start..call.start_byte()).unwrap_or("");
        args.iter().find_map(|a| {
            let text = self.b.text_of(*a);
            if pins(text) {
                return Some(text.to_string());
            }
            // `opts` or `opts.dtype(at::kInt)`: the variable's last definition here.
            let root_len = text
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(text.len());
            let root = &text[..root_len];
            if root.is_empty() {
                return None;
            }
            let at = before.rmatch_indices(root).find_map(|(i, _)| {
                let ident = |c: char| c.is_alphanumeric() || c == '_';
                let prev_ok = !before[..i].ends_with(ident);
                let rest = before[i + root.len()..].trim_start();
                (prev_ok && rest.starts_with(['=', '{', '('])).then_some(i)
            })?;
            let end = before[at..].find(';').map_or(before.len(), |e| at + e);
            let definition = &before[at..end];
            pins(definition).then(|| format!("{definition} {text}"))
        })
    }

    /// Fold the `#define`s that sizes and trip counts refer to, parsing each body as a
    /// small expression. Bodies that are not expressions stay unknown.
    fn fold_defines(&mut self, parser: &mut Parser) {
        let mut wanted = Vec::new();
        for ev in &self.b.model.events {
            if let Some(size) = &ev.size {
                names_in(size, &mut wanted);
            }
        }
        for lp in &self.b.model.loops {
            if let Trips::Counted {
                start, end, step, ..
            } = &lp.trips
            {
                for e in [start, end, step] {
                    names_in(e, &mut wanted);
                }
            }
        }
        let consts: Vec<Expr> = self.b.model.constants.values().cloned().collect();
        for c in &consts {
            names_in(c, &mut wanted);
        }
        let mut parsed = 0;
        while let Some(name) = wanted.pop() {
            if self.b.model.constants.contains_key(&name) || parsed >= MAX_DEFINE_PARSES {
                continue;
            }
            let Some(body) = self.defines.remove(name.as_str()) else {
                continue;
            };
            parsed += 1;
            let snippet = format!("long __ghosttax = ({body}\n);");
            let Some(tree) = parser.parse(&snippet, None) else {
                continue;
            };
            let value = find_kind(tree.root_node(), "init_declarator")
                .and_then(|d| d.child_by_field_name("value"))
                .map_or(Expr::Unknown, |v| expr(v, &snippet, 0));
            if value != Expr::Unknown {
                names_in(&value, &mut wanted);
                self.b.add_constant(&name, value);
            }
        }
    }
}

fn field<'t, 'n>(node: Node<'n>, name: &str, text: &'t str) -> &'t str {
    node.child_by_field_name(name)
        .and_then(|n| text.get(n.byte_range()))
        .unwrap_or("")
}

/// The last name of `a::b::c`, `obj.f`, `p->f`, `f<T>`.
fn last_name<'t, 'n>(b: &Builder<'t>, node: Node<'n>) -> &'t str {
    let mut n = node;
    loop {
        let next = match n.kind() {
            "qualified_identifier" | "template_function" | "template_type" => {
                n.child_by_field_name("name")
            }
            "field_expression" => n.child_by_field_name("field"),
            _ => None,
        };
        match next {
            Some(inner) => n = inner,
            None => return b.text_of(n),
        }
    }
}

/// A function declarator's parameters: names in order, with constant defaults
/// (`bool is_tmp = false`).
/// A function's parameters; `untyped` for a macro read as a function, whose `(p, n)` are
/// names without types.
fn params(declarator: Node, text: &str, untyped: bool) -> Vec<(String, Option<Expr>)> {
    let mut n = declarator;
    while n.kind() != "function_declarator" {
        match n.child_by_field_name("declarator") {
            Some(d) => n = d,
            None => return Vec::new(),
        }
    }
    let Some(list) = n.child_by_field_name("parameters") else {
        return Vec::new();
    };
    named_children(list)
        .into_iter()
        .filter(|p| {
            matches!(
                p.kind(),
                "parameter_declaration" | "optional_parameter_declaration"
            )
        })
        .map(|p| {
            // (The declared name, not a name in an array bound: `char* shards[kShards]`.)
            let name = p
                .child_by_field_name("declarator")
                .and_then(declared_name)
                .or_else(|| {
                    p.child_by_field_name("type")
                        .filter(|t| t.kind() == "type_identifier" && untyped)
                })
                .and_then(|i| text.get(i.byte_range()))
                .unwrap_or("")
                .to_string();
            let default = p
                .child_by_field_name("default_value")
                .and_then(|v| expr(v, text, 0).as_argument());
            (name, default)
        })
        .collect()
}

/// The arguments of an argument list that are constants, by position.
fn constant_args(
    args: Option<Node>,
    text: &str,
    params: &[(String, Option<Expr>)],
) -> Vec<(Option<String>, usize, Expr)> {
    args.map(named_children)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .filter_map(|(i, a)| {
            // (`Vec v(n, true);` read as a function declaration: `true` is a "type".)
            let v = match a.kind() {
                "parameter_declaration" => match text.get(a.byte_range()).map(str::trim) {
                    Some("true") => Expr::Int(1),
                    Some("false") => Expr::Int(0),
                    _ => Expr::Unknown,
                },
                _ => expr(a, text, 0),
            };
            v.as_argument_in(params).map(|v| (None, i, v))
        })
        .collect()
}

/// `(0)`, `(false)`: a `do .. while` condition that never repeats the body.
fn once_only(condition: &str) -> bool {
    let c = condition.trim();
    let c = c
        .strip_prefix('(')
        .and_then(|c| c.strip_suffix(')'))
        .unwrap_or(c)
        .trim();
    matches!(c, "0" | "false" | "0u" | "0U")
}

/// The name node of a function definition's declarator, through pointer/reference wrappers.
fn function_name_node(declarator: Node) -> Option<Node> {
    let mut n = declarator;
    while n.kind() != "function_declarator" {
        n = n.child_by_field_name("declarator")?;
    }
    n.child_by_field_name("declarator")
}

/// The loop's header: from its keyword to the start of its body.
/// `<status> != <success>` (either way round), or such tests joined by `||` / `&&`: the
/// statuses, variables or called functions. Empty when the condition is anything else.
fn failure_tests(cond: Node, text: &str, success: &[String]) -> Vec<String> {
    let mut e = cond;
    while matches!(e.kind(), "condition_clause" | "parenthesized_expression") {
        match named_children(e).into_iter().next() {
            Some(inner) => e = inner,
            None => return Vec::new(),
        }
    }
    if e.kind() == "binary_expression" && matches!(field(e, "operator", text), "||" | "&&") {
        let sides = [
            e.child_by_field_name("left"),
            e.child_by_field_name("right"),
        ];
        let mut all = Vec::new();
        for side in sides {
            let found = side
                .map(|s| failure_tests(s, text, success))
                .unwrap_or_default();
            if found.is_empty() {
                return Vec::new();
            }
            all.extend(found);
        }
        return all;
    }
    failure_test(e, text, success).into_iter().collect()
}

/// `<status> != <success>` (either way round): the status, a variable or a call's callee.
fn failure_test(e: Node, text: &str, success: &[String]) -> Option<String> {
    if e.kind() != "binary_expression" || field(e, "operator", text) != "!=" {
        return None;
    }
    let (l, r) = (
        e.child_by_field_name("left")?,
        e.child_by_field_name("right")?,
    );
    let is_success = |n: Node| {
        success.iter().any(|s| {
            s == n
                .utf8_text(text.as_bytes())
                .unwrap_or("")
                .trim_start_matches("::")
        })
    };
    let status = if is_success(r) {
        l
    } else if is_success(l) {
        r
    } else {
        return None;
    };
    match status.kind() {
        "identifier" => Some(status.utf8_text(text.as_bytes()).ok()?.to_string()),
        "call_expression" => {
            let callee = field(status, "function", text);
            callee.rsplit([':', '.', '>']).next().map(str::to_string)
        }
        _ => None,
    }
}

fn header_before_body(node: Node) -> Span {
    let end = node
        .child_by_field_name("body")
        .map_or(node.end_byte(), |b| b.start_byte());
    Span {
        start: node.start_byte(),
        end,
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

/// An integer expression, folded later by the tax module.
/// The expression that ends `text` (`a->toTensor()` in `x = a->toTensor()`): back over
/// balanced brackets and member accesses to the first separator.
fn receiver_before(text: &str) -> &str {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = b.len();
    while i > 0 {
        let c = b[i - 1];
        match c {
            b')' | b']' => depth += 1,
            b'(' | b'[' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            b'.' | b'_' | b':' => {}
            b'>' if i >= 2 && b[i - 2] == b'-' => i -= 1,
            _ if c.is_ascii_alphanumeric() => {}
            _ => break,
        }
        i -= 1;
    }
    &text[i..]
}

/// The element size a libtorch `TensorOptions` text names (`.dtype(at::kInt)`,
/// `torch::kFloat16`): the last scalar type written wins, as in a builder chain. Its name
/// without the `k` is the dtype's (`kBFloat16` → `bfloat16`); `kChar` is `int8`.
fn torch_itemsize(options: &str) -> Option<i128> {
    let b = options.as_bytes();
    let mut found = None;
    let mut i = 0;
    while i < b.len() {
        let len = b[i..]
            .iter()
            .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            .unwrap_or(b.len() - i);
        if len == 0 {
            i += 1;
            continue;
        }
        let word = &options[i..i + len];
        if let Some(rest) = word
            .strip_prefix('k')
            .filter(|r| r.starts_with(|c: char| c.is_ascii_uppercase()))
        {
            let dtype = if rest == "Char" {
                "int8".to_string()
            } else {
                rest.to_ascii_lowercase()
            };
            if let Some(size) = crate::tax::dtype_size(&dtype) {
                found = Some(i128::from(size));
            }
        }
        i += len;
    }
    found
}

fn expr(node: Node, text: &str, depth: usize) -> Expr {
    if depth > MAX_DEPTH {
        return Expr::Unknown;
    }
    let d = depth + 1;
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("");
    match node.kind() {
        "number_literal" => parse_int(src(node)).map_or(Expr::Unknown, Expr::Int),
        // (`true` in a declaration's argument list can parse as an identifier.)
        "true" => Expr::Int(1),
        "false" => Expr::Int(0),
        "identifier" => match src(node) {
            "true" => Expr::Int(1),
            "false" => Expr::Int(0),
            name => Expr::Name(name.to_string()),
        },
        "qualified_identifier" => node
            .child_by_field_name("name")
            .map_or(Expr::Unknown, |n| expr(n, text, d)),
        // `cfg.rows`, `this->n_`: a free name (`--assume` binds it).
        "field_expression" => Expr::Name(src(node).split_whitespace().collect()),
        "parenthesized_expression" => match named_children(node).as_slice() {
            [inner] => expr(*inner, text, d),
            _ => Expr::Unknown,
        },
        "cast_expression" => node
            .child_by_field_name("value")
            .map_or(Expr::Unknown, |v| expr(v, text, d)),
        "unary_expression" => match (
            field(node, "operator", text),
            node.child_by_field_name("argument"),
        ) {
            ("-", Some(a)) => Expr::Neg(Box::new(expr(a, text, d))),
            ("+", Some(a)) => expr(a, text, d),
            _ => Expr::Unknown,
        },
        "binary_expression" => {
            let op = match field(node, "operator", text) {
                "+" => BinOp::Add,
                "-" => BinOp::Sub,
                "*" => BinOp::Mul,
                "/" => BinOp::Div,
                "<<" => BinOp::Shl,
                _ => return Expr::Unknown,
            };
            match (
                node.child_by_field_name("left"),
                node.child_by_field_name("right"),
            ) {
                (Some(l), Some(r)) => {
                    Expr::Binary(op, Box::new(expr(l, text, d)), Box::new(expr(r, text, d)))
                }
                _ => Expr::Unknown,
            }
        }
        "sizeof_expression" => {
            if let Some(t) = node.child_by_field_name("type") {
                Expr::SizeOf(type_name(src(t)))
            } else {
                // `sizeof(half)` can parse as an expression; only type names fold.
                match node.child_by_field_name("value") {
                    Some(v) => {
                        let mut v = v;
                        while v.kind() == "parenthesized_expression" {
                            match named_children(v).as_slice() {
                                [inner] => v = *inner,
                                _ => break,
                            }
                        }
                        if v.kind() == "identifier" {
                            Expr::SizeOf(src(v).to_string())
                        } else {
                            Expr::Unknown
                        }
                    }
                    None => Expr::Unknown,
                }
            }
        }
        "call_expression" => {
            // `static_cast<size_t>(n)` and functional casts `size_t(n)` keep the value.
            let callee = node.child_by_field_name("function");
            let is_cast = callee.is_some_and(|f| {
                matches!(f.kind(), "primitive_type" | "type_identifier")
                    || (f.kind() == "template_function"
                        && matches!(field(f, "name", text), "static_cast" | "size_t"))
            });
            let args = node
                .child_by_field_name("arguments")
                .map(named_children)
                .unwrap_or_default();
            match args.as_slice() {
                [only] if is_cast => expr(*only, text, d),
                _ => Expr::term(src(node)),
            }
        }
        // `sizes[i]`, `dims.at(0)`: what the program holds there at run time.
        "subscript_expression" => Expr::term(src(node)),
        _ => Expr::Unknown,
    }
}

/// `unsigned  int` → `unsigned int`, `float *` → `float*`.
fn type_name(t: &str) -> String {
    let words: Vec<&str> = t.split_whitespace().collect();
    words.join(" ").replace(" *", "*")
}

/// A buffer expression normalised for pairing: casts, parentheses, `&`, `&x[0]`,
/// `x.data()`, `this->x` all reduce to `x`.
fn pointer(node: Node, text: &str) -> (String, bool) {
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("");
    let mut n = node;
    let mut member = false;
    loop {
        let next = match n.kind() {
            "parenthesized_expression" => match named_children(n).as_slice() {
                [inner] => Some(*inner),
                _ => None,
            },
            "cast_expression" => n.child_by_field_name("value"),
            "pointer_expression" if field(n, "operator", text) == "&" => {
                n.child_by_field_name("argument")
            }
            "subscript_expression" => {
                let index = n.child_by_field_name("index").or_else(|| {
                    n.child_by_field_name("indices")
                        .and_then(|i| named_children(i).first().copied())
                });
                match index {
                    Some(i) if src(i) == "0" => n.child_by_field_name("argument"),
                    _ => None,
                }
            }
            "call_expression" => {
                let func = n.child_by_field_name("function");
                let args = n
                    .child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                match func {
                    Some(f)
                        if f.kind() == "template_function"
                            && matches!(
                                field(f, "name", text),
                                "static_cast" | "reinterpret_cast" | "const_cast"
                            )
                            && args.len() == 1 =>
                    {
                        Some(args[0])
                    }
                    Some(f)
                        if f.kind() == "field_expression"
                            && args.is_empty()
                            && matches!(field(f, "field", text), "data" | "get" | "data_ptr") =>
                    {
                        f.child_by_field_name("argument")
                    }
                    _ => None,
                }
            }
            "field_expression" if field(n, "argument", text) == "this" => {
                member = true;
                n.child_by_field_name("field")
            }
            _ => None,
        };
        match next {
            Some(inner) => n = inner,
            None => break,
        }
    }
    (src(n).split_whitespace().collect(), member)
}

/// The variable a call's result is stored in: `cudaError_t e = call(..)`, `e = call(..)`.
fn status_var(call: Node, text: &str) -> Option<String> {
    let parent = call.parent()?;
    let target = match parent.kind() {
        "init_declarator" => parent.child_by_field_name("declarator")?,
        "assignment_expression" => parent.child_by_field_name("left")?,
        _ => return None,
    };
    let name = declared_name(target).unwrap_or(target);
    text.get(name.byte_range()).map(str::to_string)
}

/// The identifier a declarator declares, through pointers, references, arrays and
/// initialisers.
fn declared_name(declarator: Node) -> Option<Node> {
    let mut n = declarator;
    loop {
        match n.kind() {
            "identifier" | "field_identifier" => return Some(n),
            // `void* (*fn)(void*)`: a function pointer's name is inside the parentheses.
            "parenthesized_declarator" => n = n.named_child(0)?,
            _ => {
                n = n.child_by_field_name("declarator").or_else(|| {
                    named_children(n)
                        .into_iter()
                        .find(|c| c.kind() == "identifier")
                })?;
            }
        }
    }
}

/// C/C++ integer literals: `0x10`, `1'000`, `64ULL`, `0b1`, octal `017`.
fn parse_int(text: &str) -> Option<i128> {
    let t: String = text.chars().filter(|c| *c != '\'').collect();
    let lower = t.to_ascii_lowercase();
    let (body, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    let digits = body.trim_end_matches(['u', 'l', 'z']);
    if digits.is_empty() {
        return if radix == 8 { Some(0) } else { None };
    }
    i128::from_str_radix(digits, radix).ok()
}

/// Is this function definition inside `extern "C"` (callable by its own name from Python's
/// ctypes or cffi)?
fn extern_c(node: Node, text: &str) -> bool {
    let mut up = node.parent();
    if up.is_some_and(|p| p.kind() == "declaration_list") {
        up = up.and_then(|p| p.parent());
    }
    up.is_some_and(|p| {
        p.kind() == "linkage_specification"
            && p.child_by_field_name("value")
                .and_then(|v| text.get(v.byte_range()))
                .is_some_and(|v| v.trim_matches('"') == "C")
    })
}

/// The last name of a function handed to a binding (`&ns::fn`, `fn`, `TORCH_FN(fn)`).
fn bound_function(node: Node, text: &str) -> Option<String> {
    let node = match node.kind() {
        "pointer_expression" => node.child_by_field_name("argument")?,
        "call_expression" => {
            // `TORCH_FN(fn)`: the one argument.
            let args = node.child_by_field_name("arguments")?;
            let list = named_children(args);
            match list.as_slice() {
                [one] => *one,
                _ => return None,
            }
        }
        _ => node,
    };
    let node = if node.kind() == "pointer_expression" {
        node.child_by_field_name("argument")?
    } else {
        node
    };
    if !matches!(node.kind(), "identifier" | "qualified_identifier") {
        return None;
    }
    let name = text.get(node.byte_range())?.rsplit("::").next()?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::{parse_int, type_name};

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
