//! Library pinned types and resources in C, C++ and CUDA: objects declared or constructed
//! with a catalog type (`match = "type"`), calls that pin only when given a pinned device
//! (`match = "pin-arg"`), and methods that pin only on a pinned resource
//! (`receiver_types`). No library is named here; the names are in `rules/catalog.toml`.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::calls::status_var;
use super::constants::expr;
use super::ownership::{alias_parts, pointer};
use super::{Cpp, declared_name};
use crate::catalog::{ApiId, MatchKind, SizeSpec};
use crate::frontend::builder::{Scope, named_children, span};
use crate::frontend::library;
use crate::model::{
    BinOp, Event, Expr, FunctionKind, Lifetime, PtrScope, RETURNED, Receiver, root_name,
};

/// A catalog type a C++ type names, with its element type and its own last name.
struct PinnedType {
    api: ApiId,
    element: Option<String>,
    /// The element's compile-time extents multiplied (`double[4]` → 4, `float*[3]` → 3).
    extents: Option<i128>,
    /// Whether the element has runtime extents (`T*`, `T**`): the constructor gives them.
    runtime_extents: bool,
    own: String,
}

impl<'t> Cpp<'t, '_> {
    /// The catalog type `ty` names: its own last name, or a name inside a template
    /// argument after the first (an allocator, a memory space). The first template
    /// argument, without pointers, references, `const` or extents, is the element type.
    fn pinned_type(&self, ty: Node) -> Option<PinnedType> {
        let mut n = ty;
        while n.kind() == "qualified_identifier" {
            n = n.field_child("name")?;
        }
        let (base, targs) = match n.kind() {
            "template_type" | "template_function" => (
                n.field_child("name")?,
                n.field_child("arguments")
                    .map(named_children)
                    .unwrap_or_default(),
            ),
            "type_identifier" | "identifier" => (n, Vec::new()),
            _ => return None,
        };
        let own = self.b.text_of(base);
        // (Through a plain alias too: `View<T, PinnedSpace>` with `using PinnedSpace =
        // Kokkos::HIPHostPinnedSpace;`.)
        let lookup = |w: &str| {
            self.catalog
                .lookup(self.lang, MatchKind::Type, w)
                .or_else(|| {
                    let aliased = self.type_aliases.get(w)?;
                    self.catalog.lookup(self.lang, MatchKind::Type, aliased)
                })
        };
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
        let first = targs.first().map(|t| self.b.text_of(*t)).unwrap_or("");
        Some(PinnedType {
            api,
            element: targs.first().map(|t| element_type(self.b.text_of(*t))),
            extents: compile_time_extents(first),
            runtime_extents: first.contains('*'),
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
        let Some(ty) = node.field_child("type") else {
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
                // (`HostMem make_scratch(const cv::Mat& rgb);` declares a function: in a
                // class always, elsewhere when a parameter is named plainly or by
                // reference, or typed `const` or `int`. `HostMem buf(rows, cols);` and
                // `v(kRows * kCols)` parse the same way, their arguments as parameters.)
                "function_declarator" => {
                    let params = decl
                        .field_child("parameters")
                        .map(named_children)
                        .unwrap_or_default();
                    let declares = |p: &Node<'n>| {
                        let named = p.field_child("declarator").is_some_and(|d| {
                            matches!(d.kind(), "identifier" | "reference_declarator")
                        });
                        let typed = p
                            .field_child("type")
                            .is_some_and(|t| t.kind() == "primitive_type")
                            || named_children(*p)
                                .iter()
                                .any(|c| c.kind() == "type_qualifier");
                        named || typed
                    };
                    if node.kind() == "field_declaration" || params.iter().any(declares) {
                        continue;
                    }
                    params
                }
                _ => match decl.field_child("value") {
                    Some(v) if matches!(v.kind(), "argument_list" | "initializer_list") => {
                        named_children(v)
                    }
                    _ => continue,
                },
            };
            let name = declared_name(decl).map(|d| self.b.text_of(d).to_string());
            let callee: String = self.b.text_of(ty).split_whitespace().collect();
            self.typed_object(&pinned, node, callee, &args, name, scope, is_static);
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
            .field_child("arguments")
            .map(named_children)
            .unwrap_or_default();
        let callee: String = self.b.text_of(func).split_whitespace().collect();
        let name = status_var(call, self.b.text);
        let before = self.b.model.events.len();
        self.typed_object(&pinned, call, callee, &args, name, scope, false);
        // `slots_.push_back(cv::cuda::HostMem(..))`: kept in the container it is handed to.
        if let Some(container) = container_stored_into(call, self.b.text)
            && self.b.model.events.len() > before
        {
            // (A member of the object, `slots_`, not a local or a parameter: `this->slots_`.)
            let root = root_name(&container).to_string();
            let function = scope.function;
            let member = self.b.model.functions[function].class.is_some()
                && !self.b.is_local(function, &root)
                && !self.b.is_param(function, &root);
            let Some(ev) = self.b.model.events.last_mut() else {
                return true;
            };
            ev.stored_in_container = true;
            ev.store = Some(if member {
                format!("this->{container}")
            } else {
                container
            });
        }
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn typed_object<'n>(
        &mut self,
        pinned: &PinnedType,
        node: Node<'n>,
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
                // `View<double[4], Space> v("label")`: the extents are all in the type.
                let fixed = *varargs && !pinned.runtime_extents && pinned.extents.is_some();
                if args.len() <= *arg && !fixed {
                    return;
                }
                let counts = match args.get(*arg..) {
                    Some(rest) if *varargs => rest,
                    _ => args.get(*arg..=*arg).unwrap_or(&[]),
                };
                let count = counts
                    .iter()
                    .map(|a| self.arg_expr(*a))
                    .chain(pinned.extents.filter(|_| *varargs).map(Expr::Int))
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
        // (A grow-only member, `if (m_.rows >= rows) return; m_ = HostMem(rows, ..);`,
        // pins again only when a request outgrows it.)
        let grows = !self.b.model.functions[scope.function].is_constructor()
            && super::calls::grows_only(node, self.b.text);
        let guarded_once = scope.once || is_static || grows;
        self.b.add_event(
            Event {
                api: pinned.api,
                kind: api.kind,
                callee,
                span: span(node),
                size,
                pointer: name,
                pointer_scope: PtrScope::Local,
                lifetime: Lifetime::Scoped,
                in_cleanup: scope.cleanup,
                guarded_once,
                grows_only: grows,
                stream_prologue: false,
                key_names: Vec::new(),
                guard_flag: None,
                status_var: None,
                stored_in_container: false,
                store: None,
                condition: self.b.condition(scope),
                pin_flag: None,
                pins_if: None,
                function: scope.function,
                innermost_loop: self.b.event_loop(scope),
            },
            root.as_deref(),
            false,
        );
    }

    /// `using PinnedVec = thrust::host_vector<float, pinned_allocator<float>>;` (a template
    /// alias or a `typedef` alike, of a catalog type or of a standard container with the
    /// project's allocator): `PinnedVec v(n)` pins like the type it names, wherever the
    /// alias is used. The alias becomes a constructor of its name that pins `n` elements
    /// for the object it builds, so its call sites pay, as they do a project class's.
    pub(super) fn pinned_alias<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some((name, ty)) = alias_parts(node) else {
            return;
        };
        // (`using T = ..` carries its type in a type descriptor.)
        let ty = match ty.kind() {
            "type_descriptor" => ty.field_child("type").unwrap_or(ty),
            _ => ty,
        };
        if name.kind() != "type_identifier" {
            return;
        }
        if matches!(ty.kind(), "type_identifier" | "qualified_identifier") {
            let target = self.b.text_of(ty);
            let last = target.rsplit("::").next().unwrap_or(target).trim();
            self.type_aliases.insert(self.b.text_of(name), last);
        }
        let pinned = self.pinned_type(ty);
        let allocator = match pinned {
            Some(_) => None,
            None => match self.project_allocator(ty) {
                Some(a) => Some(a),
                None => return,
            },
        };
        let alias = self.b.text_of(name).to_string();
        let inner = self.b.enter_function(
            scope,
            alias.clone(),
            FunctionKind::Function,
            Some(alias.clone()),
            span(node),
            Some(span(name)),
        );
        let count = "count";
        self.b.model.functions[inner.function].params = vec![(count.to_string(), None)];
        let at = span(ty);
        if let Some(class) = allocator {
            self.b
                .add_call(inner, "allocate", Receiver::Name(class), at);
            self.b.set_last_result(Some(RETURNED.to_string()));
            // (Given back through the allocator when the container goes.)
            self.b.scoped_last_call();
            return;
        }
        let Some(pinned) = pinned else {
            return;
        };
        let api = &self.catalog.apis[pinned.api];
        let n = Expr::Name(count.to_string());
        let size = match (&api.size, &pinned.element) {
            (SizeSpec::Count { .. }, Some(t)) => Some(Expr::Binary(
                BinOp::Mul,
                Box::new(n),
                Box::new(Expr::SizeOf(t.clone())),
            )),
            (SizeSpec::Bytes { arg: Some(_), .. }, _) => Some(n),
            _ => Some(Expr::Unknown),
        };
        self.b.add_event(
            Event {
                api: pinned.api,
                kind: api.kind,
                callee: self
                    .b
                    .text_of(ty)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
                span: at,
                size,
                pointer: None,
                pointer_scope: PtrScope::Local,
                lifetime: Lifetime::Scoped,
                in_cleanup: false,
                guarded_once: false,
                grows_only: false,
                stream_prologue: false,
                key_names: Vec::new(),
                guard_flag: None,
                status_var: None,
                stored_in_container: false,
                store: Some(RETURNED.to_string()),
                condition: None,
                pin_flag: None,
                pins_if: None,
                function: inner.function,
                innermost_loop: None,
            },
            None,
            false,
        );
    }

    /// A constructor argument's value; in the most vexing parse (`T v(rows, cols);`)
    /// each argument is a parameter whose "type" is the name passed.
    fn arg_expr(&self, a: Node) -> Expr {
        let a = match a.kind() {
            "parameter_declaration" => {
                let Some(t) = a.field_child("type") else {
                    return Expr::Unknown;
                };
                // `v(rows * cols)` reads as a parameter `rows* cols`.
                return match a.field_child("declarator") {
                    None => self.arg_expr(t),
                    Some(d) if d.kind() == "pointer_declarator" => {
                        match d.field_child("declarator") {
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
        let args = call.field_child("arguments").map(named_children)?;
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
            .field_child("argument")
            .filter(|_| func.kind() == "field_expression")
        else {
            return false;
        };
        let spelled = self.b.text_of(receiver);
        if types.iter().any(|t| library::says(spelled, t)) {
            return true;
        }
        let (p, _) = pointer(receiver, self.b.text);
        let at = func.start_byte();
        let pools = &self.catalog.apis[id].receiver_pools;
        library::declared_with(root_name(&p), types, self.b.text, at)
            && !library::declared_with(root_name(&p), pools, self.b.text, at)
    }
}

/// The product of a type's compile-time extents (`double[4]` → 4, `float*[2][3]` → 6),
/// when it has any and each is an integer literal.
fn compile_time_extents(t: &str) -> Option<i128> {
    let mut product: Option<i128> = None;
    for part in t.split('[').skip(1) {
        let n: i128 = part.split(']').next()?.trim().parse().ok()?;
        product = Some(product.unwrap_or(1).checked_mul(n)?);
    }
    product
}

/// `double*`, `const float&`, `int[4]` → `double`, `float`, `int`.
fn element_type(t: &str) -> String {
    let t = t.split('[').next().unwrap_or(t).replace(['*', '&'], " ");
    t.split_whitespace()
        .filter(|w| !matches!(*w, "const" | "volatile"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The container a temporary is handed to by a call that keeps it (`slots_` of
/// `slots_.push_back(T(..))`: `stores::KEEPS`), if it is one's argument.
fn container_stored_into(call: Node, text: &str) -> Option<String> {
    let list = call.parent().filter(|p| p.kind() == "argument_list")?;
    let store = list.parent().filter(|p| p.kind() == "call_expression")?;
    let func = store
        .field_child("function")
        .filter(|f| f.kind() == "field_expression")?;
    let method = text.get(func.field_child("field")?.byte_range())?;
    if !super::stores::KEEPS.contains(&method) {
        return None;
    }
    let object = text.get(func.field_child("argument")?.byte_range())?;
    Some(object.split_whitespace().collect())
}
