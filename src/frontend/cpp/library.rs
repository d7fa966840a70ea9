//! Library pinned types and resources in C, C++ and CUDA: objects declared or constructed
//! with a catalog type (`match = "type"`), calls that pin only when given a pinned device
//! (`match = "pin-arg"`), and methods that pin only on a pinned resource
//! (`receiver_types`). No library is named here; the names are in `rules/catalog.toml`.

use tree_sitter::Node;

use super::Cpp;
use super::calls::status_var;
use super::constants::expr;
use super::decls::declared_name;
use super::ownership::pointer;
use crate::catalog::{ApiId, MatchKind, SizeSpec};
use crate::frontend::builder::{Scope, named_children, span};
use crate::frontend::library;
use crate::model::{BinOp, Event, Expr, Lifetime, PtrScope, Span, root_name};

/// A catalog type a C++ type names, with its element type and its own last name.
struct PinnedType {
    api: ApiId,
    element: Option<String>,
    own: String,
}

impl<'t> Cpp<'t, '_> {
    /// The catalog type `ty` names: its own last name, or a name inside a template
    /// argument after the first (an allocator, a memory space). The first template
    /// argument, without pointers, references, `const` or extents, is the element type.
    fn pinned_type(&self, ty: Node) -> Option<PinnedType> {
        let mut n = ty;
        while n.kind() == "qualified_identifier" {
            n = n.child_by_field_name("name")?;
        }
        let (base, targs) = match n.kind() {
            "template_type" | "template_function" => (
                n.child_by_field_name("name")?,
                n.child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default(),
            ),
            "type_identifier" | "identifier" => (n, Vec::new()),
            _ => return None,
        };
        let own = self.b.text_of(base);
        let lookup = |w: &str| self.catalog.lookup(self.lang, MatchKind::Type, w);
        let api = lookup(own).or_else(|| {
            targs
                .iter()
                .skip(1)
                .flat_map(|a| self.b.identifiers(span(*a)))
                .find_map(|w| lookup(&w))
        })?;
        // A view over memory it does not own (`MemoryTraits<Unmanaged>`) allocates nothing.
        let unless = &self.catalog.apis[api].unless_type_args;
        if !unless.is_empty()
            && targs
                .iter()
                .flat_map(|a| self.b.identifiers(span(*a)))
                .any(|w| unless.contains(&w))
        {
            return None;
        }
        Some(PinnedType {
            api,
            element: targs.first().map(|t| element_type(self.b.text_of(*t))),
            own: own.to_string(),
        })
    }

    /// `T v(args);`, `T v{args};` (or the most vexing parse of the first) where `T` names
    /// a catalog type: a pinned object, released at the end of its scope.
    pub(super) fn typed_declaration<'n>(
        &mut self,
        node: Node<'n>,
        scope: Scope<'t>,
        is_static: bool,
    ) {
        let Some(ty) = node.child_by_field_name("type") else {
            return;
        };
        let Some(pinned) = self.pinned_type(ty) else {
            return;
        };
        let mut cursor = node.walk();
        let declarators: Vec<Node<'n>> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for decl in declarators {
            let args = match decl.kind() {
                "function_declarator" => decl
                    .child_by_field_name("parameters")
                    .map(named_children)
                    .unwrap_or_default(),
                _ => match decl.child_by_field_name("value") {
                    Some(v) if matches!(v.kind(), "argument_list" | "initializer_list") => {
                        named_children(v)
                    }
                    _ => continue,
                },
            };
            let name = declared_name(decl).map(|d| self.b.text_of(d).to_string());
            let callee: String = self.b.text_of(ty).split_whitespace().collect();
            self.typed_object(&pinned, span(node), callee, &args, name, scope, is_static);
        }
    }

    /// `T(args)`, `T{args}` as an expression (`auto v = T(n);`, `f(T(n))`) where `T`
    /// names a catalog type. Whether it was one.
    pub(super) fn typed_temporary<'n>(
        &mut self,
        call: Node<'n>,
        func: Node<'n>,
        scope: Scope<'t>,
    ) -> bool {
        let Some(pinned) = self.pinned_type(func) else {
            return false;
        };
        let args = call
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        let callee: String = self.b.text_of(func).split_whitespace().collect();
        let name = status_var(call, self.b.text);
        self.typed_object(&pinned, span(call), callee, &args, name, scope, false);
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn typed_object<'n>(
        &mut self,
        pinned: &PinnedType,
        at: Span,
        callee: String,
        args: &[Node<'n>],
        name: Option<String>,
        scope: Scope<'t>,
        is_static: bool,
    ) {
        // Constructed empty, or only with the type's own constants: nothing allocated.
        let own_constant = |a: &Node<'n>| {
            let t = self.b.text_of(*a);
            t.contains("::") && t.split("::").any(|p| p.trim() == pinned.own)
        };
        if args.is_empty() || args.iter().all(own_constant) {
            return;
        }
        let api = &self.catalog.apis[pinned.api];
        let size = match &api.size {
            SizeSpec::Count { arg, varargs } => {
                if args.len() <= *arg {
                    return;
                }
                let counts = if *varargs {
                    &args[*arg..]
                } else {
                    &args[*arg..=*arg]
                };
                let count = counts
                    .iter()
                    .map(|a| self.arg_expr(*a))
                    .reduce(|a, b| Expr::Binary(BinOp::Mul, Box::new(a), Box::new(b)))
                    .unwrap_or(Expr::Unknown);
                Some(match &pinned.element {
                    Some(t) => Expr::Binary(
                        BinOp::Mul,
                        Box::new(count),
                        Box::new(Expr::SizeOf(t.clone())),
                    ),
                    None => Expr::Unknown,
                })
            }
            SizeSpec::Bytes { arg: Some(i), .. } => {
                Some(args.get(*i).map_or(Expr::Unknown, |a| self.arg_expr(*a)))
            }
            _ => None,
        };
        let root = name.as_deref().map(root_name).map(str::to_string);
        let guarded_once = scope.once || is_static;
        self.b.add_event(
            Event {
                api: pinned.api,
                kind: api.kind,
                callee,
                span: at,
                size,
                pointer: name,
                pointer_scope: PtrScope::Local,
                lifetime: Lifetime::Scoped,
                in_cleanup: scope.cleanup,
                guarded_once,
                status_var: None,
                stored_in_container: false,
                store: None,
                condition: self.b.condition(scope),
                pin_flag: None,
                function: scope.function,
                innermost_loop: self.b.event_loop(scope),
            },
            root.as_deref(),
            false,
        );
    }

    /// A constructor argument's value; in the most vexing parse (`T v(rows, cols);`)
    /// each argument is a parameter whose "type" is the name passed.
    fn arg_expr(&self, a: Node) -> Expr {
        let a = match a.kind() {
            "parameter_declaration" => {
                let Some(t) = a.child_by_field_name("type") else {
                    return Expr::Unknown;
                };
                // `v(rows * cols)` reads as a parameter `rows* cols`.
                return match a.child_by_field_name("declarator") {
                    None => self.arg_expr(t),
                    Some(d) if d.kind() == "pointer_declarator" => {
                        match d.child_by_field_name("declarator") {
                            Some(inner) if inner.kind() == "identifier" => Expr::Binary(
                                BinOp::Mul,
                                Box::new(self.arg_expr(t)),
                                Box::new(Expr::Name(self.b.text_of(inner).to_string())),
                            ),
                            _ => Expr::term(self.b.text_of(a)),
                        }
                    }
                    Some(_) => Expr::term(self.b.text_of(a)),
                };
            }
            _ => a,
        };
        match a.kind() {
            "type_identifier" => Expr::Name(self.b.text_of(a).to_string()),
            _ => expr(a, self.b.text, 0),
        }
    }

    /// A `pin-arg` API called with a pinned device or memory kind among its arguments.
    pub(super) fn pin_arg_api(&self, call: Node, name: &str) -> Option<ApiId> {
        let id = self.catalog.lookup(self.lang, MatchKind::PinArg, name)?;
        let values = &self.catalog.apis[id].pin_values;
        let args = call.child_by_field_name("arguments").map(named_children)?;
        args.iter()
            .any(|a| {
                library::pins_by_value(self.b.text_of(*a), values, self.b.text, a.start_byte())
            })
            .then_some(id)
    }

    /// Is `func` (`mr.allocate`, `mr_->allocate`) called on an object of one of the API's
    /// `receiver_types` (any object when it names none)?
    pub(super) fn on_pinned_receiver(&self, id: ApiId, func: Node) -> bool {
        let types = &self.catalog.apis[id].receiver_types;
        if types.is_empty() {
            return true;
        }
        let Some(receiver) = func
            .child_by_field_name("argument")
            .filter(|_| func.kind() == "field_expression")
        else {
            return false;
        };
        let spelled = self.b.text_of(receiver);
        if types.iter().any(|t| library::says(spelled, t)) {
            return true;
        }
        let (p, _) = pointer(receiver, self.b.text);
        library::declared_with(root_name(&p), types, self.b.text, func.start_byte())
    }
}

/// `double*`, `const float&`, `int[4]` → `double`, `float`, `int`.
fn element_type(t: &str) -> String {
    let t = t.split('[').next().unwrap_or(t).replace(['*', '&'], " ");
    t.split_whitespace()
        .filter(|w| !matches!(*w, "const" | "volatile"))
        .collect::<Vec<_>>()
        .join(" ")
}
