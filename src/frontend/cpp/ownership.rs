//! Ownership: owning types and their deleters, releases of host memory (frees, disposals),
//! assignments that store a buffer beyond its function, and the buffer expression a release
//! or store names.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::{Cpp, field, last_name};
use crate::catalog::{ApiKind, MatchKind};
use crate::frontend::builder::{Scope, named_children, span};
use crate::model::{Disposal, DisposalKind, Escape, EscapeKind, Span};

impl<'t> Cpp<'t, '_> {
    /// An owner whose construction names a release API (`&cudaHostUnregister`) releases
    /// what it is given.
    pub(super) fn owner_kind<'n>(&self, node: Node<'n>, alias: Option<bool>) -> EscapeKind {
        let releases = alias == Some(true) || self.names_release(node);
        if releases {
            EscapeKind::Guarded
        } else {
            EscapeKind::Owner
        }
    }

    /// `T name(p)` with a type `T` this file does not know to own: `p` is handed to a `T`,
    /// which owns it if a header the file includes says so (`owners_from_headers`).
    pub(super) fn owner_candidate(&mut self, scope: Scope<'t>, name: String, ty: &str, at: Span) {
        self.b.model.owner_candidates.push(Escape {
            name,
            kind: EscapeKind::Owner,
            function: scope.function,
            span: at,
            target: Some(ty.to_string()),
        });
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
    pub(super) fn owner_alias<'n>(&mut self, node: Node<'n>) {
        let Some((name, ty)) = alias_parts(node) else {
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
    pub(super) fn dispose(&mut self, name: String, kind: DisposalKind, scope: Scope<'t>, at: Span) {
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

    pub(super) fn host_free<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.field_child("function") else {
            return;
        };
        let args = node
            .field_child("arguments")
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
                    .field_child("argument")
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
    pub(super) fn assignment<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        if field(node, "operator", self.b.text) != "=" {
            return;
        }
        let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
        else {
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
        // `m.A = coeffs;` into a local struct held by value: kept with `m`, which leaves
        // later (`ctx->mech = m;`).
        if left.kind() == "field_expression"
            && field(left, "operator", self.b.text) == "."
            && let Some(object) = left
                .field_child("argument")
                .filter(|a| a.kind() == "identifier")
            && let Some(held) = self
                .value_locals
                .get_mut(&(scope.function, self.b.text_of(object)))
        {
            if !name.is_empty() && !held.contains(&name) {
                held.push(name);
            }
            return;
        }
        let held = self.held_by(scope, &name);
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
        if kind == EscapeKind::Stored {
            let (target, _) = pointer(left, self.b.text);
            // `g_gaz = {table, slots}`, `= Gaz{table, slots}`: each element is stored.
            let list = match right.kind() {
                "initializer_list" => Some(right),
                "compound_literal_expression" => right.field_child("value"),
                _ => None,
            };
            if let Some(list) = list.filter(|l| l.kind() == "initializer_list") {
                for e in named_children(list) {
                    let (element, _) = pointer(e, self.b.text);
                    if !element.is_empty() {
                        self.b.add_store(scope, element, target.clone(), span(node));
                    }
                }
                return;
            }
            for p in held {
                self.b.add_store(scope, p, target.clone(), span(node));
            }
            self.b.add_store(scope, name, target, span(node));
        } else {
            for p in held {
                self.b.add_escape(scope, p, kind, span(node));
            }
            self.b.add_escape(scope, name, kind, span(node));
        }
    }

    /// The pinned pointers a local struct held by value carries (`value_locals`).
    pub(super) fn held_by(&self, scope: Scope<'t>, local: &str) -> Vec<String> {
        self.value_locals
            .get(&(scope.function, local))
            .cloned()
            .unwrap_or_default()
    }

    /// `ck_mech m{};`, `Gaz g;` in a function: a struct held by value (not a pointer, a
    /// reference or `auto`), whose fields keep what is stored into them.
    pub(super) fn value_local<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let plain_type = node
            .field_child("type")
            .is_some_and(|t| matches!(t.kind(), "type_identifier" | "struct_specifier"));
        if scope.function == 0 || !plain_type {
            return;
        }
        let mut cursor = node.walk();
        let names: Vec<&'t str> = node
            .children_by_field_name("declarator", &mut cursor)
            .filter_map(|d| match d.kind() {
                "identifier" => Some(d),
                "init_declarator" => d
                    .field_child("declarator")
                    .filter(|i| i.kind() == "identifier"),
                _ => None,
            })
            .map(|i| self.b.text_of(i))
            .collect();
        for n in names {
            self.value_locals.insert((scope.function, n), Vec::new());
        }
    }
}

/// Is `call` a named cast, `static_cast<T>(..)`, `reinterpret_cast<T>(..)`,
/// `const_cast<T>(..)` (tree-sitter reads one as a call of a template function)?
pub(super) fn named_cast(call: Node, text: &str) -> bool {
    call.kind() == "call_expression"
        && call.field_child("function").is_some_and(|f| {
            f.kind() == "template_function"
                && matches!(
                    field(f, "name", text),
                    "static_cast" | "reinterpret_cast" | "const_cast"
                )
        })
}

/// A buffer expression normalised for pairing: casts, parentheses, `&`, `&x[0]`,
/// `x.data()`, `this->x` all reduce to `x`.
pub(super) fn pointer(node: Node, text: &str) -> (String, bool) {
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("");
    let mut n = node;
    let mut member = false;
    loop {
        let next = match n.kind() {
            "parenthesized_expression" => match named_children(n).as_slice() {
                [inner] => Some(*inner),
                _ => None,
            },
            "cast_expression" => n.field_child("value"),
            "pointer_expression" if field(n, "operator", text) == "&" => n.field_child("argument"),
            "subscript_expression" => {
                let index = n.field_child("index").or_else(|| {
                    n.field_child("indices")
                        .and_then(|i| named_children(i).first().copied())
                });
                match index {
                    Some(i) if src(i) == "0" => n.field_child("argument"),
                    _ => None,
                }
            }
            "call_expression" => {
                let func = n.field_child("function");
                let args = n
                    .field_child("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                match func {
                    _ if named_cast(n, text) && args.len() == 1 => Some(args[0]),
                    Some(f)
                        if f.kind() == "field_expression"
                            && args.is_empty()
                            && matches!(field(f, "field", text), "data" | "get" | "data_ptr") =>
                    {
                        f.field_child("argument")
                    }
                    _ => None,
                }
            }
            "field_expression" if field(n, "argument", text) == "this" => {
                member = true;
                n.field_child("field")
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

/// The name an `alias_declaration` (`using A = T;`) or `type_definition` (`typedef T A;`)
/// declares, and the type it names.
pub(super) fn alias_parts(node: Node) -> Option<(Node, Node)> {
    let name = match node.kind() {
        "alias_declaration" => node.field_child("name"),
        _ => node.field_child("declarator"),
    };
    Some((name?, node.field_child("type")?))
}
