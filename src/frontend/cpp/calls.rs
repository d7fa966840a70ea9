//! Calls and the events they make: pins and releases matched against the catalog, stores
//! and hand-overs of a buffer, libtorch `TensorOptions`, and bindings that export a function
//! to Python.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::constants::{constant_args, expr};
use super::ownership::{named_cast, pointer};
use super::{Cpp, declared_name, find_kind, last_name};
use crate::catalog::{ApiKind, MatchKind, SizeSpec};
use crate::frontend::builder::{Scope, earlier_siblings, named_children, span};
use crate::model::{BinOp, EscapeKind, Event, Expr, Lifetime, PtrScope, Receiver, root_name};

/// At most this many arguments of a macro invocation are remembered (`CallSite::arg_roots`).
const MAX_ARG_ROOTS: usize = 8;

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

/// The functions a lambda bound for Python (`m.def("f", [](..) { .. })`) is taken to run:
/// the first this many it calls.
const MAX_LAMBDA_CALLEES: usize = 16;

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
            "cast_expression" => n.field_child("value"),
            _ => None,
        };
        match next {
            Some(inner) => n = inner,
            None => return n,
        }
    }
}

impl<'t> Cpp<'t, '_> {
    /// A binding that makes a function callable from Python: pybind11's `m.def("name",
    /// &fn)` (also on a `py::class_`), PyTorch's `m.impl("name", &fn)` or `m.def("ns::name(Tensor
    /// x) -> Tensor", TORCH_FN(fn))`.
    pub(super) fn export(&mut self, node: Node) {
        let text = self.b.text;
        let Some(callee) = node.field_child("function") else {
            return;
        };
        if callee.kind() != "field_expression"
            || !callee
                .field_child("field")
                .and_then(|f| text.get(f.byte_range()))
                .is_some_and(|f| f == "def" || f == "impl")
        {
            return;
        }
        let Some(args) = node.field_child("arguments") else {
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
        } else if second.kind() == "lambda_expression"
            && let Some(body) = second.field_child("body")
        {
            // `m.def("f", [](..) { .. stage(x); .. })`: a Python call of `f` runs what the
            // lambda calls.
            let mut called: Vec<String> = Vec::new();
            let mut stack = vec![body];
            while let Some(n) = stack.pop() {
                if n.kind() == "call_expression"
                    && let Some(f) = n.field_child("function")
                    && matches!(
                        f.kind(),
                        "identifier" | "qualified_identifier" | "field_expression"
                    )
                {
                    let callee = last_name(&self.b, f).to_string();
                    if !called.contains(&callee) {
                        called.push(callee);
                    }
                }
                if called.len() >= MAX_LAMBDA_CALLEES {
                    break;
                }
                stack.extend(named_children(n));
            }
            for callee in called {
                self.b.model.exports.push((name.to_string(), callee));
            }
        }
    }

    pub(super) fn call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.field_child("function") else {
            return;
        };
        if self.element_call(node, scope) {
            return;
        }
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
                "field_expression" => match func.field_child("argument") {
                    Some(a) if self.b.text_of(a) == "this" => Receiver::SelfRef,
                    _ => Receiver::Expr,
                },
                _ => Receiver::None,
            };
            self.b.add_call(scope, name, receiver, span(node));
            // `if (work_.size() >= n) return; work_ = PinnedVec(n);`: a buffer made again
            // only when a size outgrows the one it replaces is made a few times per process.
            // (Only what replaces a buffer the test reads: `if (now >= next) { flush();
            // next = now + dt; }` runs periodically, not when outgrown.)
            if self.replaces_tested(node) && grows_only(node, self.b.text) {
                self.b.guard_last_call();
            }
            // `uploader_.f()`, `this->uploader_.f()`: remember `uploader_`, whose class its
            // spelling may tell.
            let object = (func.kind() == "field_expression")
                .then(|| func.field_child("argument"))
                .flatten()
                .and_then(|a| match a.kind() {
                    "identifier" => Some(a),
                    "field_expression" => a.field_child("field"),
                    _ => None,
                })
                .map(|a| self.b.text_of(a).to_string())
                .filter(|a| a != "this");
            if let Some(c) = self.b.model.calls.last_mut()
                && object.is_some()
            {
                c.receiver_attr = object;
            }
            let result = match node.parent().map(|p| p.kind()) {
                Some("return_statement") => Some(crate::model::RETURNED.to_string()),
                _ => status_var(node, self.b.text),
            };
            self.b.set_last_result(result);
            let list = node.field_child("arguments");
            self.store_by_call(func, list, scope);
            self.first_sizing(node, func, scope);
            let params = &self.b.model.functions[scope.function].params;
            let constants = constant_args(list, self.b.text, params);
            self.b
                .set_last_args(constants, list.map_or(0, |l| l.named_child_count()));
            self.counter_args(list);
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
                // (`&Scanner::trampoline`: the static method, by its name.)
                .filter_map(|(i, a)| match a.kind() {
                    "identifier" => Some((i, a)),
                    "qualified_identifier" => a
                        .field_child("name")
                        .filter(|n| n.kind() == "identifier")
                        .map(|n| (i, n)),
                    _ => None,
                })
                .map(|(i, a)| (i as u8, self.b.text_of(a)))
                .filter(|(_, a)| !self.b.is_plain_local(scope.function, a))
                .map(|(i, a)| (i, a.to_string()))
                .collect();
            // `cudaLaunchHostFunc(s, on_done, data)`, `PoolAllocatorNew(alloc, release)`:
            // the functions named among the arguments are callbacks, run once per event.
            if self.catalog.entry_points.is_callback(name, self.lang) {
                // (And `std::bind(&Node::on_cloud, this, _1)`: the method it binds.)
                let bound = list
                    .map(named_children)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|a| self.bound_method(a));
                let handed: Vec<String> = names
                    .iter()
                    .map(|(_, f)| f.to_string())
                    .chain(bound)
                    .collect();
                for f in handed {
                    self.b.model.passed_functions.push((name.to_string(), f));
                }
            }
            self.b.set_last_name_args(names);
            // `s.set_audit(make_residual_audit(n))`: the closures a free function returns
            // (`FileModel::returned_functions`) go where the callee keeps the parameter.
            // (Also named with its namespace, `aquifer::make_mass_audit(..)`.)
            let args = node
                .field_child("arguments")
                .map(named_children)
                .unwrap_or_default();
            for (i, a) in args.iter().enumerate() {
                if a.kind() == "call_expression"
                    && let Some(f) = a.field_child("function")
                    && matches!(f.kind(), "identifier" | "qualified_identifier")
                {
                    let factory = last_name(&self.b, f).to_string();
                    self.b.add_factory_arg(span(node), i, factory);
                }
            }
            // `if (ret == 0) alloc((void**)&ret, n)`: the call fills what its guard finds
            // missing.
            let text = self.b.text;
            let fills = node
                .field_child("arguments")
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
                n.field_child("arguments")
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
                && let Some(targs) = template.and_then(|t| t.field_child("arguments"))
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
                    .field_child("arguments")
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
            .field_child("arguments")
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
                let of = match func.field_child("argument") {
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
        // (A constructor's members are fresh with each object: a test of one before the
        // pin, `if (n_ == 0) return;` in `PinnedVector(n)`, is no state kept across calls.)
        let fresh = self.b.model.functions[scope.function].is_constructor();
        let grows = !fresh && grows_only(node, self.b.text);
        let mut guarded_once = scope.once
            || pointer.as_deref().is_some_and(|d| {
                self.b.guards_absence(scope, d) || (!fresh && returned_if_set(node, d, self.b.text))
            })
            || grows;
        // `cache_.emplace(k, p)` on a miss of `cache_`: once per key, and what the key is.
        let key_names = match pointer.as_deref() {
            Some(d) if !guarded_once && api.kind.pins() => self.cache_key(node, scope, d),
            _ => None,
        };
        guarded_once |= key_names.is_some();
        // `if (!ready_) { pin(..); ready_ = true; }`: once, until something sets it back.
        let guard_flag = (!guarded_once && api.kind.pins())
            .then(|| self.flag_guard(node, scope))
            .flatten();
        guarded_once |= guard_flag.is_some();
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
                grows_only: grows,
                stream_prologue: false,
                key_names: key_names.unwrap_or_default(),
                guard_flag,
                status_var: status_var(node, self.b.text),
                stored_in_container: false,
                store: None,
                condition: self.b.condition(scope),
                pin_flag: None,
                pins_if: None,
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
        let args = call.field_child("arguments").map(named_children)?;
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
}

/// Does `call` run only when a size outgrows what the function set last? Either an
/// earlier `if (n <= cap_) { ..; return; }` with `cap_` set again after it, or an `if (n >
/// cap) { ..; call; ..; cap = n; }` (`if (used == cap_)` doubling `cap_`) around it: the
/// test's variable is raised where the pin is. A grow-only buffer: it pins a few times per
/// process, not once per call. (So does a state cache, `if (c.version == v) return
/// c.mask;` with `c.version = v;` after the pin: it pins when the state changes.)
pub(super) fn grows_only(call: Node, text: &str) -> bool {
    let compact = |n: Node| -> String { compact_code(text.get(n.byte_range()).unwrap_or("")) };
    let Some(function) = std::iter::successors(call.parent(), |p| p.parent())
        .find(|p| p.kind() == "function_definition")
    else {
        return false;
    };
    // `w = ..` (not `w == ..`) for a word `w` of the test `test`, in `code`.
    let sets_a_word_of = |test: &str, code: &str| {
        test.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
            .any(|w| {
                code.match_indices(w).any(|(i, _)| {
                    let before = code[..i].chars().next_back();
                    let rest = &code[i + w.len()..];
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && rest.starts_with('=')
                        && !rest.starts_with("==")
                })
            })
    };
    // A size test, `n > cap`; alternatives only if each is about what is set again
    // (`!scratch_.defined() || scratch_.numel() < n`), not another reason to pin.
    let compares = |test: &str, code: &str| {
        (test.contains('<') || test.contains('>') || test.contains("=="))
            && (!test.contains("||") || test.split("||").all(|t| sets_a_word_of(t, code)))
    };
    let ancestors = || {
        std::iter::successors(Some(call), |n| n.parent()).take_while(|n| n.id() != function.id())
    };
    // `if (n > cap) { .. call ..; cap = n; }`; or with what the test reads bound first,
    // `const size_t have = faces_.extent(0); if (need > have) { faces_ = View(.., need); }`.
    let raised_around = ancestors().any(|n| {
        let Some(s) = n.parent().filter(|p| p.kind() == "if_statement") else {
            return false;
        };
        let (Some(cond), Some(body)) = (s.field_child("condition"), s.field_child("consequence"))
        else {
            return false;
        };
        let test = compact(cond).replace("->", ".");
        let code = compact(body).replace("->", ".");
        let before = text
            .get(function.start_byte()..s.start_byte())
            .unwrap_or("");
        let read = with_initialisers(&test, before).replace("->", ".");
        body.id() == n.id() && compares(&test, &code) && sets_a_word_of(&read, &code)
    });
    raised_around
        || earlier_ifs(call, function).any(|(s, cond, body)| {
            let test = compact(cond).replace("->", ".");
            // (`if (n <= cap) return ..;`, and a state cache: `if (c.version == v)
            // return c.mask;` with `c.version = v;` after the pin.)
            let after = compact_code(text.get(s.end_byte()..function.end_byte()).unwrap_or(""))
                .replace("->", ".");
            returns(body) && compares(&test, &after) && sets_a_word_of(&test, &after)
        })
}

/// `if (lut) return lut;` earlier in the function, `lut` being where the call puts its
/// buffer (`hipHostMalloc(&lut, ..)`): the call runs only while nothing is there yet, once
/// for a `static` or a member that keeps it.
fn returned_if_set(call: Node, dest: &str, text: &str) -> bool {
    let Some(function) = std::iter::successors(call.parent(), |p| p.parent())
        .find(|p| p.kind() == "function_definition")
    else {
        return false;
    };
    let name = compact_code(dest).replace("->", ".");
    let name = name.trim_start_matches('&');
    if name.is_empty() {
        return false;
    }
    let tests_set = |cond: &str| {
        let c = compact_code(cond).replace("->", ".");
        let c = c.trim_matches(|ch| ch == '(' || ch == ')');
        c == name
            || ["!=nullptr", "!=NULL", "!=0"]
                .iter()
                .any(|t| c.strip_suffix(t) == Some(name))
            || ["nullptr!=", "NULL!=", "0!="]
                .iter()
                .any(|t| c.strip_prefix(t) == Some(name))
    };
    earlier_ifs(call, function).any(|(_, cond, body)| {
        returns(body) && tests_set(text.get(cond.byte_range()).unwrap_or(""))
    })
}

/// The `if`s without an `else` that come before `call` in the blocks around it, up to
/// `function`: (the statement, its condition, its consequence).
pub(super) fn earlier_ifs<'n>(
    call: Node<'n>,
    function: Node<'n>,
) -> impl Iterator<Item = (Node<'n>, Node<'n>, Node<'n>)> {
    std::iter::successors(Some(call), |n| n.parent())
        .take_while(move |n| n.id() != function.id())
        .filter(|n| n.parent().is_some_and(|p| p.kind() == "compound_statement"))
        .flat_map(earlier_siblings)
        .filter(|s| s.kind() == "if_statement" && s.field_child("alternative").is_none())
        .filter_map(|s| {
            Some((
                s,
                s.field_child("condition")?,
                s.field_child("consequence")?,
            ))
        })
}

/// Does `n` (an `if`'s consequence) end by returning: `return ..;`, or a block whose last
/// statement is one?
pub(super) fn returns(n: Node) -> bool {
    n.kind() == "return_statement"
        || (n.kind() == "compound_statement"
            && named_children(n)
                .last()
                .is_some_and(|l| l.kind() == "return_statement"))
}

/// `code` without comments or whitespace (`cap_ = n; // grown` → `cap_=n;`): a comment's
/// last word must not join the next line's first.
pub(super) fn compact_code(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if c == '"' {
            // (A string is kept whole: `"//"` is not a comment.)
            let end = rest[1..]
                .char_indices()
                .scan(false, |escaped, (i, ch)| {
                    let closes = ch == '"' && !*escaped;
                    *escaped = ch == '\\' && !*escaped;
                    Some((i, closes))
                })
                .find(|&(_, closes)| closes)
                .map_or(rest.len(), |(i, _)| i + 2);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            if !c.is_whitespace() {
                out.push(c);
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    out
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

/// The variable a call's result is stored in: `cudaError_t e = call(..)`, `e = call(..)`.
pub(super) fn status_var(call: Node, text: &str) -> Option<String> {
    // (Through a cast: `auto* p = static_cast<double*>(mr.allocate(n));`, `(float*)..`.)
    let mut call = call;
    let mut parent = call.parent()?;
    loop {
        let outer = match parent.kind() {
            "parenthesized_expression" | "cast_expression" => parent,
            "argument_list" => match parent.parent() {
                Some(c) if parent.named_child_count() == 1 && named_cast(c, text) => c,
                _ => break,
            },
            _ => break,
        };
        call = outer;
        parent = call.parent()?;
    }
    let target = match parent.kind() {
        "init_declarator" => parent.field_child("declarator")?,
        "assignment_expression" => parent.field_child("left")?,
        _ => return None,
    };
    let name = declared_name(target).unwrap_or(target);
    text.get(name.byte_range()).map(str::to_string)
}

/// The last name of a function handed to a binding (`&ns::fn`, `fn`, `TORCH_FN(fn)`).
fn bound_function(node: Node, text: &str) -> Option<String> {
    let node = match node.kind() {
        "pointer_expression" => node.field_child("argument")?,
        "call_expression" => {
            // `TORCH_FN(fn)`: the one argument.
            let args = node.field_child("arguments")?;
            let list = named_children(args);
            match list.as_slice() {
                [one] => *one,
                _ => return None,
            }
        }
        _ => node,
    };
    let node = if node.kind() == "pointer_expression" {
        node.field_child("argument")?
    } else {
        node
    };
    if !matches!(node.kind(), "identifier" | "qualified_identifier") {
        return None;
    }
    let name = text.get(node.byte_range())?.rsplit("::").next()?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

impl Cpp<'_, '_> {
    /// Is `call` assigned to a name (`work_ = PinnedVec(n)`) that an `if` before it or
    /// around it tests?
    fn replaces_tested(&self, call: Node) -> bool {
        let Some(assign) = call
            .parent()
            .filter(|p| p.kind() == "assignment_expression")
            .filter(|p| p.field_child("right") == Some(call))
        else {
            return false;
        };
        let Some(left) = assign.field_child("left") else {
            return false;
        };
        let target = self.b.text_of(left).trim_start_matches("this->");
        std::iter::successors(call.parent(), |n| n.parent())
            .take_while(|n| n.kind() != "function_definition")
            .flat_map(|n| {
                let own = (n.kind() == "if_statement").then_some(n);
                let before = earlier_siblings(n).filter(|s| s.kind() == "if_statement");
                own.into_iter().chain(before)
            })
            .filter_map(|s| s.field_child("condition"))
            .any(|c| {
                let function = std::iter::successors(c.parent(), |n| n.parent())
                    .find(|n| n.kind() == "function_definition")
                    .map_or(0, |f| f.start_byte());
                let before = self.b.text.get(function..c.start_byte()).unwrap_or("");
                let read = with_initialisers(self.b.text_of(c), before);
                crate::frontend::library::says(&read, target)
            })
    }
}

/// `test` followed by the initialisers, in `before` (the function's text up to it), of the
/// locals it reads: `need > have` with `const size_t have = faces_.extent(0);` reads
/// `faces_` too. (Looked for in the text as written: `size_t have = ..` compacts to
/// `size_thave=..`.)
fn with_initialisers(test: &str, before: &str) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut read = test.to_string();
    for w in test.split(|c: char| !word(c)) {
        if w.is_empty() || w.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let bound = before.rmatch_indices(w).find_map(|(i, _)| {
            let rest = before[i + w.len()..].trim_start();
            let init = rest.strip_prefix('=').filter(|r| !r.starts_with('='))?;
            (!before[..i].ends_with(word)).then_some(init)
        });
        if let Some(init) = bound {
            read.push(';');
            read.push_str(&compact_code(&init[..init.find(';').unwrap_or(init.len())]));
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::compact_code;

    #[test]
    fn compact_code_drops_comments_and_whitespace_but_keeps_strings() {
        assert_eq!(
            compact_code("f(&side_, n); // grown\n  side_cap_ = n;"),
            "f(&side_,n);side_cap_=n;"
        );
        assert_eq!(compact_code("a /* b */ = c;"), "a=c;");
        assert_eq!(
            compact_code(r#"log("a // b"); x = 1;"#),
            r#"log("a // b");x=1;"#
        );
        assert_eq!(compact_code(r#"s = "q\"//"; y"#), r#"s="q\"//";y"#);
    }
}
