//! Declarations: qualified names, parameters, local variables (and the buffers handed to
//! owning objects there), and containers that allocate through a project's allocator.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::constants::{constant_args, expr};
use super::ownership::pointer;
use super::{Cpp, declared_name, field, find_kind, last_name};
use crate::frontend::builder::{Scope, named_children, span};
use crate::model::{Disposal, DisposalKind, Expr, Receiver, Span};

impl<'t> Cpp<'t, '_> {
    /// `ns::Foo::bar` → (`bar`, `Foo`); `bar` → (`bar`, none).
    pub(super) fn split_qualified<'n>(&self, name: Node<'n>) -> (String, Option<String>) {
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

    /// Parameters of a function or lambda declarator.
    pub(super) fn declare_params<'n>(&mut self, declarator: Node<'n>, function: usize) {
        let Some(list) = find_kind(declarator, "parameter_list") else {
            return;
        };
        for p in named_children(list) {
            // `(p, n)` of a macro read as a function (`macros.rs`): untyped names.
            let name = p
                .field_child("declarator")
                .and_then(declared_name)
                .or_else(|| {
                    p.field_child("type")
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
    pub(super) fn declaration<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, is_static: bool) {
        self.typed_declaration(node, scope, is_static);
        let ty = node.field_child("type");
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
                .filter_map(|d| d.field_child("value"))
                .filter(|v| matches!(v.kind(), "argument_list" | "initializer_list"))
                .collect();
            // `Chunk c(n);` in a function body parses as a declaration of a function `c`
            // taking a `n` (the most vexing parse); C++ reads it as a variable when `n` is
            // not a type, and local function declarations are rare: a construction.
            let mut cursor = node.walk();
            let vexing: Vec<Node<'n>> = if scope.function != 0 {
                node.children_by_field_name("declarator", &mut cursor)
                    .filter(|d| d.kind() == "function_declarator")
                    .filter_map(|d| d.field_child("parameters"))
                    .filter(|ps| {
                        let params = named_children(*ps);
                        !params.is_empty()
                            && params.iter().all(|p| vexing_arg(*p, self.b.text).is_some())
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // `std::shared_ptr<void> s(p, cudaFreeHost);` parses as a function declaration
            // too: the owner is given `p`.
            // A type this file does not know to own (`HostBytes bytes(raw);`, an alias in a
            // header) may: what it is given is a candidate, settled against the headers
            // the file includes (`owners_from_headers`).
            let candidate = !owner && scope.function != 0;
            if owner || candidate {
                let kind = self.owner_kind(node, alias);
                for ps in &vexing {
                    for p in named_children(*ps) {
                        if let Some(arg) = vexing_arg(p, self.b.text) {
                            let name = self.b.text_of(arg).to_string();
                            if owner {
                                self.b.add_escape(scope, name, kind, span(node));
                            } else {
                                self.owner_candidate(scope, name, type_name, span(node));
                            }
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
                    let at = self.b.model.calls.len() - 1;
                    self.built_empty
                        .insert((scope.function, self.b.text_of(d)), at);
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
                                .field_child("type")
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
                    // (`if (len + n > history_.extent(0)) { HostView grown(.., 2 * cap);
                    // ..; history_ = grown; }`: made again only when a size outgrows it.)
                    if super::calls::grows_only(node, self.b.text) {
                        self.b.guard_last_call();
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
            if let Some(value) = decl.field_child("value")
                && (owner || (scope.function != 0 && value.kind() == "argument_list"))
            {
                let kind = self.owner_kind(node, alias);
                let type_name = ty.map_or("", |t| last_name(&self.b, t));
                for arg in named_children(value) {
                    let (name, _) = pointer(arg, self.b.text);
                    if owner {
                        self.b.add_escape(scope, name, kind, span(decl));
                    } else if !type_name.is_empty() && !name.is_empty() {
                        self.owner_candidate(scope, name, type_name, span(decl));
                    }
                }
            }
        }
    }

    /// `std::vector<T, PinnedAlloc<T>> v(n);`: a standard container with an allocator of
    /// the project's allocates through it where it is declared (and frees at the end of its
    /// scope): a call of the allocator type's `allocate`.
    pub(super) fn allocator_container(&mut self, node: Node, scope: Scope<'t>) {
        let Some(class) = node
            .field_child("type")
            .and_then(|ty| self.project_allocator(ty))
        else {
            return;
        };
        let at = named_children(node)
            .into_iter()
            .find(|c| c.kind() == "init_declarator")
            .map_or(span(node), span);
        self.b
            .add_call(scope, "allocate", Receiver::Name(class), at);
        // (The container gives its storage back through the allocator when it goes.)
        if scope.function != 0 {
            self.b.scoped_last_call();
        }
    }

    /// The allocator class of the project's that a standard container type names
    /// (`PinnedAlloc` of `std::vector<T, ns::PinnedAlloc<T>>`); the standard one pins
    /// nothing.
    pub(super) fn project_allocator(&self, ty: Node) -> Option<String> {
        let text = self.b.text;
        let (ty, name) = match ty.kind() {
            "qualified_identifier" => {
                let n = ty.field_child("name")?;
                (n, n)
            }
            _ => (ty, ty),
        };
        if ty.kind() != "template_type" {
            return None;
        }
        let container = name
            .field_child("name")
            .and_then(|n| text.get(n.byte_range()))
            .unwrap_or("");
        // The allocator's position among the container's template arguments.
        let at = match container {
            "vector" | "deque" | "list" | "forward_list" => 1,
            "basic_string" => 2,
            _ => return None,
        };
        let list = named_children(ty.field_child("arguments")?);
        let alloc = list.get(at)?;
        let alloc = match alloc.kind() {
            "type_descriptor" => alloc.field_child("type").unwrap_or(*alloc),
            _ => *alloc,
        };
        let alloc = match alloc.kind() {
            "template_type" => alloc.field_child("name").unwrap_or(alloc),
            "qualified_identifier" => {
                let n = alloc.field_child("name").unwrap_or(alloc);
                n.field_child("name").unwrap_or(n)
            }
            _ => alloc,
        };
        let class = text.get(alloc.byte_range())?;
        let class = class.rsplit("::").next().unwrap_or(class).trim();
        (!class.is_empty()
            && class != "allocator"
            && class.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then(|| class.to_string())
    }
}

/// A function declarator's parameters: names in order, with constant defaults
/// (`bool is_tmp = false`).
/// The parameter list of the function declarator in `declarator` (through pointer and
/// reference declarators: `T* f(..)`, `T& f(..)`).
fn parameter_list(declarator: Node) -> Option<Node> {
    let mut n = declarator;
    while n.kind() != "function_declarator" {
        n = n.field_child("declarator")?;
    }
    n.field_child("parameters")
}

/// A function's parameters; `untyped` for a macro read as a function, whose `(p, n)` are
/// names without types.
pub(super) fn params(declarator: Node, text: &str, untyped: bool) -> Vec<(String, Option<Expr>)> {
    let Some(list) = parameter_list(declarator) else {
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
                .field_child("declarator")
                .and_then(declared_name)
                .or_else(|| {
                    p.field_child("type")
                        .filter(|t| t.kind() == "type_identifier" && untyped)
                })
                .and_then(|i| text.get(i.byte_range()))
                .unwrap_or("")
                .to_string();
            let default = p
                .field_child("default_value")
                .and_then(|v| expr(v, text, 0).as_argument());
            (name, default)
        })
        .collect()
}

/// The parameters of a function declarator declared with a class type, by reference,
/// pointer or value (`WindField& w`, `const ns::Grid* g`, `Pool<float>& p`): each name and
/// the class's last name. Built-in types and a template's own type parameters
/// (`template <typename Log> void drain(Log& log)`) are left out.
pub(super) fn param_classes(declarator: Node, text: &str) -> Vec<(String, String)> {
    let generic: Vec<&str> = std::iter::successors(declarator.parent(), |p| p.parent())
        .filter(|p| p.kind() == "template_declaration")
        .filter_map(|t| t.field_child("parameters"))
        .flat_map(named_children)
        .filter_map(|p| {
            let name = named_children(p)
                .into_iter()
                .find(|c| c.kind() == "type_identifier")?;
            text.get(name.byte_range())
        })
        .collect();
    let Some(list) = parameter_list(declarator) else {
        return Vec::new();
    };
    named_children(list)
        .into_iter()
        .filter(|p| p.kind() == "parameter_declaration")
        .filter_map(|p| {
            let ty = p.field_child("type")?;
            let class = match ty.kind() {
                "type_identifier" => ty,
                "qualified_identifier" => {
                    let mut t = ty;
                    while let Some(inner) = t.field_child("name") {
                        t = inner;
                    }
                    t
                }
                "template_type" => ty.field_child("name")?,
                _ => return None,
            };
            let class = text.get(class.byte_range())?;
            let name = p.field_child("declarator").and_then(declared_name)?;
            let name = text.get(name.byte_range())?;
            (!class.is_empty() && !name.is_empty() && !generic.contains(&class))
                .then(|| (name.to_string(), class.to_string()))
        })
        .collect()
}

/// The argument a most-vexing-parse "parameter" stands for: `n` in `Chunk c(n);` (a
/// type `n`), `len[s]` in `Chunk c(len[s]);` (an array of `len`s), `rows * cols` in `Chunk
/// c(rows * cols);` (a pointer), `raw` in `Owner o(static_cast<char*>(raw));` (a cast
/// parsed as a function type taking a `raw`).
fn vexing_arg<'n>(p: Node<'n>, text: &str) -> Option<Node<'n>> {
    if p.kind() != "parameter_declaration" {
        return None;
    }
    let ty = p.field_child("type")?;
    match (ty.kind(), p.field_child("declarator")) {
        ("type_identifier", None) => Some(ty),
        ("type_identifier", Some(d)) if indexed_or_product(d) => Some(p),
        ("template_type", Some(d))
            if d.kind() == "abstract_function_declarator"
                && matches!(
                    field(ty, "name", text),
                    "static_cast" | "reinterpret_cast" | "const_cast"
                ) =>
        {
            let params = named_children(d.field_child("parameters")?);
            match params.as_slice() {
                [one] => {
                    let t = one
                        .field_child("type")
                        .filter(|t| t.kind() == "type_identifier")?;
                    match one.field_child("declarator") {
                        None => Some(t),
                        Some(d) if indexed_or_product(d) => Some(*one),
                        Some(_) => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// A vexing parameter's declarator that is an expression in C++'s reading: `[s]` after a
/// name (an element, `len[s]`), `* cols` after one (a product, `rows * cols`).
fn indexed_or_product(d: Node) -> bool {
    match d.kind() {
        "abstract_array_declarator" => d.field_child("size").is_some(),
        "pointer_declarator" => d
            .field_child("declarator")
            .is_some_and(|i| i.kind() == "identifier"),
        _ => false,
    }
}
