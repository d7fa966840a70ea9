//! The syntax walk: statements and scopes (functions, classes, loops, `with`, `if`),
//! comprehensions, loop trip counts, imports, and the names a function declares.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::facts::{annotated_class, target_names};
use super::{LAUNCH_GRID, Py, compact, field_text, last_dotted};
use crate::frontend::builder::{Scope, named_children, span};
use crate::frontend::extent::MAX_DEPTH;
use crate::model::{
    Class, ExitKind, Expr, FlowTo, FunctionKind, Language, LoopKind, Receiver, Span, Trips,
};

impl<'t> Py<'t, '_> {
    pub(super) fn walk<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, depth: usize) {
        if depth > MAX_DEPTH {
            self.b.too_deep = true;
            return;
        }
        let d = depth + 1;
        // These arms walk chosen fields only; their own comments would be missed.
        if matches!(
            node.kind(),
            "function_definition"
                | "lambda"
                | "class_definition"
                | "for_statement"
                | "while_statement"
        ) {
            self.b.direct_comments(node);
        }
        match node.kind() {
            "comment" => self.b.comment(span(node)),
            // Only an f-string's `{..}` parts are code.
            "string" => {
                let mut cursor = node.walk();
                let parts: Vec<Node<'n>> = node
                    .children(&mut cursor)
                    .filter(|c| c.kind() == "interpolation")
                    .collect();
                for part in parts {
                    self.walk_children(part, scope, d);
                }
            }
            "function_definition" => {
                let name = field_text(&self.b, node, "name").to_string();
                // Defaults and annotations run where the function is defined.
                if let Some(params) = node.field_child("parameters") {
                    self.walk(params, scope, d);
                }
                let inner = self.b.enter_function(
                    scope,
                    name,
                    FunctionKind::Function,
                    scope.class.map(str::to_string),
                    span(node),
                    node.field_child("name").map(span),
                );
                // `@functools.lru_cache`, `@cache`: the body runs once per key; so does a
                // function the file wraps so (`lru_cache(maxsize=None)(self._load)`).
                let memoised = self
                    .memo_wrapped
                    .contains(field_text(&self.b, node, "name"))
                    || node
                        .parent()
                        .filter(|p| p.kind() == "decorated_definition")
                        .is_some_and(|p| {
                            named_children(p)
                                .iter()
                                .filter(|d| d.kind() == "decorator")
                                .any(|d| self.memoising(*d))
                        });
                let inner = Scope {
                    class: None,
                    cleanup: inner.cleanup,
                    once: memoised,
                    ..inner
                };
                if let Some(params) = node.field_child("parameters") {
                    self.declare_params(params, inner.function);
                }
                // `@pin_output def sample(..)`: a call of `sample` runs what `pin_output`
                // returns.
                if let Some(p) = node.parent().filter(|p| p.kind() == "decorated_definition") {
                    for dec in named_children(p)
                        .into_iter()
                        .filter(|d| d.kind() == "decorator")
                    {
                        if let Some(e) = dec
                            .named_child(0)
                            .filter(|e| matches!(e.kind(), "identifier" | "attribute"))
                        {
                            let name = last_dotted(self.b.text_of(e)).to_string();
                            self.b.model.decorated.push((inner.function, name));
                        }
                        if let Some(f) = dec
                            .named_child(0)
                            .filter(|e| e.kind() == "call")
                            .and_then(|e| e.field_child("function"))
                            .filter(|f| matches!(f.kind(), "identifier" | "attribute"))
                        {
                            let name = last_dotted(self.b.text_of(f)).to_string();
                            self.b.model.decorator_calls.push((inner.function, name));
                        }
                        if dec.named_child(0).is_some_and(|e| self.startup_hook(e)) {
                            self.b.model.functions[inner.function].passed_as =
                                Some(crate::model::STARTUP.to_string());
                        }
                        // (A route registers the handler, this function and no other of
                        // its name; so does a task queue's decorator.)
                        if let Some(method) = dec
                            .named_child(0)
                            .and_then(|e| self.route(e).or_else(|| self.task_decorator(e)))
                        {
                            let key = format!("{}{method}", crate::catalog::ROUTE_PREFIX);
                            self.b.model.functions[inner.function].passed_as = Some(key);
                        }
                    }
                }
                if let Some(body) = node.field_child("body") {
                    self.walk(body, inner, d);
                }
            }
            "lambda" => {
                let inner = self.b.enter_function(
                    scope,
                    "<lambda>".into(),
                    FunctionKind::Lambda,
                    None,
                    span(node),
                    None,
                );
                // `sim.add_monitor(lambda t: ..)`: which positional argument of which call.
                if let Some(list) = node.parent().filter(|p| p.kind() == "argument_list")
                    && let Some(call) = list.parent().filter(|c| c.kind() == "call")
                    && let Some(at) = super::positional(&named_children(list))
                        .iter()
                        .position(|a| *a == node)
                {
                    self.b.add_lambda_arg(span(call), at, inner.function);
                }
                // `self.sinks["preview"] = lambda f: ..`: kept in the container.
                if let Some(container) = node
                    .parent()
                    .filter(|p| p.kind() == "assignment")
                    .and_then(|p| p.field_child("left"))
                    .filter(|l| l.kind() == "subscript")
                    .and_then(|l| l.field_child("value"))
                    .filter(|c| c.kind() == "attribute")
                {
                    let key =
                        crate::model::element_key(field_text(&self.b, container, "attribute"));
                    self.b.model.lambda_elements.push((inner.function, key));
                }
                let keyword = node.parent().and_then(|p| match p.kind() {
                    "keyword_argument" => Some(field_text(&self.b, p, "name").to_string()),
                    // `kernel[lambda meta: ..](..)`: a launch grid, called on every launch.
                    "subscript" => p
                        .parent()
                        .filter(|c| {
                            c.kind() == "call"
                                && c.field_child("function") == Some(p)
                                && p.field_child("subscript") == Some(node)
                        })
                        .map(|_| LAUNCH_GRID.to_string()),
                    "assignment" => {
                        if let Some(left) =
                            p.field_child("left").filter(|l| l.kind() == "identifier")
                        {
                            let name = self.b.text_of(left);
                            self.named_lambdas
                                .insert((scope.function, name), inner.function);
                        }
                        None
                    }
                    // `t.register_hook(lambda g: ..)`: registered under the call's name.
                    "argument_list" => p
                        .parent()
                        .and_then(|c| c.field_child("function"))
                        .map(|f| last_dotted(self.b.text_of(f)).to_string())
                        .filter(|n| self.catalog.entry_points.is_hook(n)),
                    _ => None,
                });
                // `norms: Tensor = field(default_factory=lambda: ..)` in a class body: the
                // class's generated `__init__` runs it for every object built.
                let class_field = scope.function == 0
                    && keyword.as_deref() == Some("default_factory")
                    && scope.class.is_some();
                if class_field && let Some(f) = self.b.model.functions.get_mut(inner.function) {
                    f.name = "__init__".into();
                    f.kind = FunctionKind::Function;
                    f.class = scope.class.map(str::to_string);
                }
                self.b.model.functions[inner.function].passed_as = keyword;
                if let Some(params) = node.field_child("parameters") {
                    self.declare_params(params, inner.function);
                }
                if let Some(body) = node.field_child("body") {
                    self.walk(body, inner, d);
                }
            }
            "class_definition" => {
                let name = field_text(&self.b, node, "name");
                let sup = node.field_child("superclasses");
                let bases: Vec<String> = sup
                    .map(named_children)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|b| matches!(b.kind(), "identifier" | "attribute"))
                    .map(|b| last_dotted(self.b.text_of(b)).to_string())
                    .collect();
                let decorated = node
                    .parent()
                    .filter(|p| p.kind() == "decorated_definition")
                    .is_some_and(|p| {
                        named_children(p).iter().any(|d| {
                            d.kind() == "decorator" && self.b.text_of(*d).contains("dataclass")
                        })
                    });
                if decorated || bases.iter().any(|b: &String| b == "NamedTuple") {
                    self.record_classes.insert(name);
                }
                self.record_class_decorators(node, name);
                self.b.model.classes.push(Class {
                    name: name.to_string(),
                    bases,
                });
                if let Some(sup) = sup {
                    self.walk(sup, scope, d);
                }
                if let Some(body) = node.field_child("body") {
                    let outer = self.class_now.replace(Some(name));
                    self.walk(
                        body,
                        Scope {
                            class: Some(name),
                            ..scope
                        },
                        d,
                    );
                    self.class_now.set(outer);
                }
            }
            "for_statement" => {
                let right = node.field_child("right");
                let header_end = right.map_or(node.start_byte(), |r| r.end_byte());
                let trips = right.map_or(Trips::Unknown, |r| self.trips(r));
                for field in ["left", "right", "alternative"] {
                    if let Some(c) = node.field_child(field) {
                        self.walk(c, scope, d);
                    }
                }
                let header = Span {
                    start: node.start_byte(),
                    end: header_end,
                };
                let inner = self
                    .b
                    .enter_loop(scope, LoopKind::For, span(node), header, trips);
                let left = node.field_child("left");
                if let Some(l) = left {
                    self.rebound(l, scope.function);
                    let targets = target_names(l)
                        .into_iter()
                        .map(|n| self.b.text_of(n).to_string())
                        .collect();
                    if let Some(lp) = self.b.model.loops.last_mut() {
                        lp.targets = targets;
                    }
                }
                if let (Some(l), Some(r)) = (left, right) {
                    self.bind_loop_element(l, r, scope.function);
                }
                if let (Some(l), Some(r)) = (left, right)
                    && l.kind() == "identifier"
                    && matches!(r.kind(), "identifier" | "attribute")
                {
                    let element = (compact(self.b.text_of(l)), compact(self.b.text_of(r)));
                    if let Some(lp) = self.b.model.loops.last_mut() {
                        lp.element = Some(element);
                    }
                }
                if let Some(body) = node.field_child("body") {
                    self.walk(body, inner, d);
                }
            }
            "while_statement" => {
                let cond = node.field_child("condition");
                let header = Span {
                    start: node.start_byte(),
                    end: cond.map_or(node.start_byte(), |c| c.end_byte()),
                };
                if let Some(alt) = node.field_child("alternative") {
                    self.walk(alt, scope, d);
                }
                let inner =
                    self.b
                        .enter_loop(scope, LoopKind::While, span(node), header, Trips::Unknown);
                for field in ["condition", "body"] {
                    if let Some(c) = node.field_child(field) {
                        self.walk(c, inner, d);
                    }
                }
            }
            "list_comprehension"
            | "set_comprehension"
            | "dictionary_comprehension"
            | "generator_expression" => self.comprehension(node, scope, d),
            "call" => {
                self.call(node, scope);
                // `self.host.clear()` empties the container a keyed guard tests (`if k not
                // in self.host:`): what re-arms it, as `self.host = None` would.
                if let Some(f) = node.field_child("function")
                    && f.kind() == "attribute"
                    && field_text(&self.b, f, "attribute") == "clear"
                    && let Some(object) = f.field_child("object")
                    && matches!(object.kind(), "identifier" | "attribute")
                {
                    let name = compact(self.b.text_of(object));
                    self.b
                        .model
                        .resets
                        .push((scope.function, name, node.start_byte()));
                }
                self.not_read = node.field_child("function").map(|f| f.id());
                self.walk_children(node, scope, d);
            }
            // `self.norms_host` read where the class defines it as a `@property`, or
            // `st.staging` on an object whose class is known (`st = Stager(..)`, or
            // `self.stager` bound to one): a call of its getter, if it is one (the
            // index keeps only `@property` getters for such a call).
            "attribute" if self.property_read(node, scope.function) => {
                let name = field_text(&self.b, node, "attribute");
                // (On an object of a known class, that class's getter, reported where it
                // is read: where its value goes is looked up then.)
                let class = node.field_child("object").and_then(|o| match o.kind() {
                    "identifier" => self
                        .instances
                        .get(&(scope.function, self.b.text_of(o)))
                        .copied(),
                    _ => self.attribute_instance(o),
                });
                let receiver = match class {
                    Some(class) => Receiver::Name(class.to_string()),
                    None => self.receiver(node),
                };
                self.b.add_call(scope, name, receiver, span(node));
                if class.is_some() || self.properties.contains(name) {
                    let value = super::facts::value_of(node);
                    let assigned = self.assigned_name_of(value);
                    let result = super::facts::returned_as_is_of(value).or(assigned);
                    self.b.set_last_result(result);
                }
                if let Some(c) = self.b.model.calls.last_mut() {
                    c.property_read = true;
                }
                self.walk_children(node, scope, d);
            }
            "keyword_argument" => {
                self.keyword_callable(node, scope.function);
                self.walk_children(node, scope, d);
            }
            "import_statement" | "import_from_statement" => self.import(node),
            "finally_clause" => {
                let inner = Scope {
                    cleanup: true,
                    ..scope
                };
                self.walk_children(node, inner, d);
            }
            "return_statement" => {
                self.b.add_exit(scope, ExitKind::Return, span(node));
                if let Some(v) = node.named_child(0) {
                    self.flow(v, scope.function, FlowTo::Returned);
                    // (Where it is handed over, for the exits before it: `raise` between a
                    // registration and `return arr` leaves it registered.)
                    // (Or in the object a class builds from it: `return Region(arr)`, whose
                    // `release()` unregisters it.)
                    let wrapped = super::views::carried_names(v, self.b.text);
                    for held in wrapped {
                        let name = self.b.text_of(held).to_string();
                        self.b.add_escape(
                            scope,
                            name,
                            crate::model::EscapeKind::Returned,
                            span(node),
                        );
                    }
                    self.record_return(v, scope.function);
                    // `return SingleDeviceSharding(.., memory_kind="pinned_host")`.
                    let pinned = self.says_pin_value(self.b.text_of(v));
                    let name = &self.b.model.functions[scope.function].name;
                    if pinned && !name.is_empty() && scope.function != 0 {
                        let name = name.clone();
                        self.b.model.pin_value_functions.push(name);
                    }
                }
                // `return wrapper`: a nested function handed back to the caller.
                if let Some(v) = node.named_child(0).filter(|v| v.kind() == "identifier") {
                    let name = self.b.text_of(v);
                    let nested = self.b.model.functions.iter().rposition(|f| {
                        f.kind == FunctionKind::Function
                            && f.parent == Some(scope.function)
                            && f.name == name
                    });
                    if let Some(inner) = nested {
                        self.b
                            .model
                            .returned_functions
                            .push((scope.function, inner));
                    }
                }
                if let Some(v) = node.named_child(0) {
                    self.return_refs(v, scope.function);
                }
                self.walk_children(node, scope, d);
            }
            "raise_statement" => {
                self.b.add_exit(scope, ExitKind::Throw, span(node));
                self.walk_children(node, scope, d);
            }
            // `assert ok, "msg"`: raises `AssertionError` when its condition fails.
            "assert_statement" => {
                let failing = Scope {
                    guard: node.named_child(0).map(span),
                    negated: true,
                    ..scope
                };
                self.b.add_exit(failing, ExitKind::Throw, span(node));
                self.walk_children(node, scope, d);
            }
            "break_statement" => self.b.add_exit(scope, ExitKind::Break, span(node)),
            "if_statement" => {
                let cond = node.field_child("condition");
                if let Some(c) = cond {
                    self.walk(c, scope, d);
                }
                let inner = Scope {
                    guard: cond.map(span),
                    negated: false,
                    outer_guard: scope.guard.map(|g| (g, scope.negated)),
                    ..scope
                };
                // `if X is None: X = ..; Y = pin(..)`: the block fills what its condition
                // finds missing, so it runs once (per key, per process), not every call.
                let consequence = node.field_child("consequence");
                let memo = match (cond, consequence) {
                    (Some(c), Some(body)) => {
                        self.fills_absent(span(c), body) && !self.evicting_lookup(node)
                    }
                    _ => false,
                };
                let mut cursor = node.walk();
                let rest: Vec<Node<'n>> = node
                    .children(&mut cursor)
                    .filter(|c| Some(*c) != cond)
                    .collect();
                for c in rest {
                    // `else:` runs when the condition is false.
                    let negated = c.kind() == "else_clause";
                    let once = inner.once || (memo && Some(c) == consequence);
                    self.walk(
                        c,
                        Scope {
                            negated,
                            once,
                            ..inner
                        },
                        d,
                    );
                }
            }
            "continue_statement" => self.b.add_exit(scope, ExitKind::Continue, span(node)),
            "global_statement" | "nonlocal_statement" => {
                for name in named_children(node) {
                    let name = self.b.text_of(name);
                    self.shared_names.insert((scope.function, name));
                }
            }
            // `with open_pinned() as buf:`, `except E as e:`.
            "as_pattern" => {
                if let Some(alias) = node.field_child("alias") {
                    self.rebound(alias, scope.function);
                }
                self.walk_children(node, scope, d);
            }
            "augmented_assignment" => {
                let left = node.field_child("left");
                if let Some(l) = left {
                    self.rebound(l, scope.function);
                }
                if let Some(left) = left
                    && left.kind() == "attribute"
                {
                    self.attribute_constant(left, None, scope);
                }
                // `outs += [buf]` keeps `buf`. (`norm[a:b] += w` and `total += w` add
                // values: `w` itself is not kept.)
                if field_text(&self.b, node, "operator") == "+="
                    && let Some(right) = node.field_child("right")
                    && matches!(right.kind(), "list" | "tuple" | "set")
                    && left.is_some_and(|l| l.kind() != "subscript")
                {
                    let container = field_text(&self.b, node, "left");
                    self.store_items(right, node.start_byte(), container);
                }
                self.walk_children(node, scope, d);
            }
            "assignment" => {
                self.assignment(node, scope);
                self.not_read = node.field_child("left").map(|l| l.id());
                self.walk_children(node, scope, d);
            }
            "delete_statement" => {
                for target in named_children(node) {
                    let targets = match target.kind() {
                        "expression_list" => named_children(target),
                        _ => vec![target],
                    };
                    for t in targets {
                        let name = compact(self.b.text_of(t));
                        let at = t.start_byte();
                        self.b.model.resets.push((scope.function, name, at));
                    }
                }
                self.walk_children(node, scope, d);
            }
            // `with make_scope(x) as s:` runs the object's `__enter__`: a call of it on
            // the value the `with` holds (bound like an assignment, so the object's class
            // is known where the call made it).
            "with_item" => {
                self.walk_children(node, scope, d);
                self.enter_context(node, scope);
            }
            "yield" => {
                if !self.b.model.generators.contains(&scope.function) {
                    self.b.model.generators.push(scope.function);
                }
                if let Some(mut l) = scope.innermost_loop {
                    let loops = &self.b.model.loops;
                    while let Some(p) = loops[l]
                        .parent
                        .filter(|&p| loops[p].function == scope.function)
                    {
                        l = p;
                    }
                    if loops[l].function == scope.function && !self.stream_loops.contains(&l) {
                        self.stream_loops.push(l);
                    }
                }
                if let Some(v) = node.named_child(0) {
                    self.flow(v, scope.function, FlowTo::Returned);
                    self.record_return(v, scope.function);
                }
                self.walk_children(node, scope, d);
            }
            _ => self.walk_children(node, scope, d),
        }
    }

    /// The `__enter__` call of a `with` item whose value is a call (`with Scope(p) as s:`,
    /// `with enh.chunk(b):`): the call's value is held under the `as` name (or one of the
    /// item's own), and `__enter__` is called on it.
    fn enter_context<'n>(&mut self, item: Node<'n>, scope: Scope<'t>) {
        let Some(value) = item.field_child("value") else {
            return;
        };
        let (expr, alias) = match value.kind() {
            "as_pattern" => (
                value.named_child(0),
                value
                    .field_child("alias")
                    .and_then(|a| a.named_child(0))
                    .filter(|a| a.kind() == "identifier"),
            ),
            _ => (Some(value), None),
        };
        let Some(expr) = expr.filter(|e| e.kind() == "call") else {
            return;
        };
        let at = span(expr);
        let held = alias.map_or_else(
            || format!("<with@{}>", at.start),
            |a| self.b.text_of(a).to_string(),
        );
        let Some(made) = self.b.model.calls.iter_mut().rev().find(|c| c.span == at) else {
            return;
        };
        made.result = Some(held.clone());
        self.b
            .add_call(scope, "__enter__", crate::model::Receiver::Name(held), at);
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

    /// Each `for .. in ..` clause is a loop nested in the previous one; the first iterable
    /// is evaluated once, outside all of them.
    fn comprehension<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, d: usize) {
        let children = named_children(node);
        let mut inner = scope;
        for (i, clause) in children.iter().enumerate() {
            if clause.kind() != "for_in_clause" {
                continue;
            }
            let right = clause.field_child("right");
            if let Some(r) = right {
                self.walk(r, if i == 0 { scope } else { inner }, d);
                if let Some(l) = clause.field_child("left") {
                    self.bind_loop_element(l, r, scope.function);
                }
            }
            let trips = right.map_or(Trips::Unknown, |r| self.trips(r));
            inner = self.b.enter_loop(
                inner,
                LoopKind::Comprehension,
                span(node),
                span(*clause),
                trips,
            );
        }
        for child in children {
            if child.kind() != "for_in_clause" {
                self.walk(child, inner, d);
            }
        }
    }

    fn trips(&self, iterable: Node) -> Trips {
        match iterable.kind() {
            "list" | "tuple" => {
                let items = named_children(iterable);
                if items.iter().any(|c| c.kind().ends_with("splat")) {
                    Trips::Unknown
                } else {
                    Trips::Fixed(items.len() as u64)
                }
            }
            "call" if field_text(&self.b, iterable, "function") == "range" => {
                let Some(args) = iterable.field_child("arguments") else {
                    return Trips::Unknown;
                };
                let args: Vec<Expr> = named_children(args)
                    .into_iter()
                    .map(|a| self.expr(a, 0))
                    .collect();
                let (start, end, step) = match args.as_slice() {
                    [end] => (Expr::Int(0), end.clone(), Expr::Int(1)),
                    [start, end] => (start.clone(), end.clone(), Expr::Int(1)),
                    [start, end, step] => (start.clone(), end.clone(), step.clone()),
                    _ => return Trips::Unknown,
                };
                Trips::Counted {
                    start,
                    end,
                    step,
                    inclusive: false,
                }
            }
            _ => Trips::Unknown,
        }
    }

    /// Record which local names refer to modules.
    fn import<'n>(&mut self, node: Node<'n>) {
        let from_module = node.kind() == "import_from_statement";
        for child in named_children(node) {
            if from_module && node.field_child("module_name") == Some(child) {
                continue;
            }
            let (name, alias) = match child.kind() {
                "aliased_import" => (child.field_child("name"), child.field_child("alias")),
                "dotted_name" => (Some(child), None),
                _ => continue,
            };
            let Some(name) = name else { continue };
            let full = self.b.text_of(name);
            let local = match alias {
                Some(a) => self.b.text_of(a),
                // `import a.b` binds `a`; `from x import a` binds `a`.
                None => full.split('.').next().unwrap_or(full),
            };
            let module = if alias.is_some() || from_module {
                last_dotted(full)
            } else {
                local
            };
            self.modules.insert(local, module);
            if from_module
                && alias.is_none()
                && let Some(source) = node.field_child("module_name")
            {
                let source = self.b.text_of(source).trim_start_matches('.');
                if !source.is_empty() {
                    self.b
                        .model
                        .imported
                        .push((full.to_string(), source.to_string()));
                }
            }
        }
    }

    /// Is `node`, an attribute, read (not called, not assigned) on an object that may
    /// define it as a `@property`: `self.x` where the file defines a getter `x`; `o.x` on
    /// a name of a function (not a module), or on `self.o` holding an object of a known
    /// class?
    fn property_read(&self, node: Node, function: usize) -> bool {
        let Some(object) = node.field_child("object") else {
            return false;
        };
        let attr = field_text(&self.b, node, "attribute");
        // (On a name of the function, whatever its class: a read of a getter the run
        // defines, which the call chain passes keep (`LiveNames::prune_calls`).)
        let known_class = match object.kind() {
            "identifier" => {
                let name = self.b.text_of(object);
                function != 0 && !matches!(name, "self" | "cls") && !self.modules.contains_key(name)
            }
            "attribute" => self.attribute_instance(object).is_some(),
            _ => return false,
        };
        let defined_here = self.properties.contains(attr) && object.kind() == "identifier";
        // (A call's callee and an assignment's target, marked as the walk enters them:
        // `Node::parent` walks down from the root.)
        (defined_here || known_class) && self.not_read != Some(node.id())
    }

    /// `@app.post("/tts")`, `@routes.get("/v1/models")`, `@bp.route("/x", ..)`: a route
    /// decorator (`rules/entry_points.toml`, `[[route]]`) called with a path: its method.
    fn route<'n>(&self, decorator: Node<'n>) -> Option<&'t str> {
        if decorator.kind() != "call" {
            return None;
        }
        let func = decorator
            .field_child("function")
            .filter(|f| f.kind() == "attribute")?;
        let method = field_text(&self.b, func, "attribute");
        let args = named_children(decorator.field_child("arguments")?);
        let path = args.first().filter(|a| a.kind() == "string")?;
        let text = self
            .b
            .text_of(*path)
            .trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let path_like = text
            .strip_prefix(['"', '\''])
            .is_some_and(|t| t.starts_with('/'));
        (path_like && self.catalog.entry_points.is_route(method, Language::Python))
            .then_some(method)
    }

    /// `@app.on_event("startup")`, `@app.before_serving`: `rules/context.toml`'s
    /// `startup_decorators`.
    fn startup_hook<'n>(&self, decorator: Node<'n>) -> bool {
        let (callee, arg) = match decorator.kind() {
            "call" => {
                let first = decorator
                    .field_child("arguments")
                    .map(named_children)
                    .and_then(|a| a.first().copied())
                    .filter(|a| a.kind() == "string")
                    .map(|a| self.b.text_of(a).trim_matches(|c| c == '"' || c == '\''));
                (decorator.field_child("function"), first)
            }
            _ => (Some(decorator), None),
        };
        callee.is_some_and(|c| {
            self.catalog
                .context
                .is_startup_decorator(last_dotted(self.b.text_of(c)), arg)
        })
    }

    /// `@app.task(bind=True)`, `@shared_task`: a decorator whose function a framework runs
    /// per message or task (`[[decorator]]` in `rules/entry_points.toml`); its last name.
    fn task_decorator<'n>(&self, decorator: Node<'n>) -> Option<&'t str> {
        let callee = match decorator.kind() {
            "call" => decorator.field_child("function")?,
            _ => decorator,
        };
        let (name, attribute) = match callee.kind() {
            "attribute" => (field_text(&self.b, callee, "attribute"), true),
            "identifier" => (self.b.text_of(callee), false),
            _ => return None,
        };
        self.catalog
            .entry_points
            .is_task_decorator(name, attribute)
            .then_some(name)
    }

    /// `@functools.lru_cache(maxsize=None)`, `@cache`: a memoising decorator.
    fn memoising(&self, decorator: Node) -> bool {
        let Some(mut e) = decorator.named_child(0) else {
            return false;
        };
        if e.kind() == "call"
            && let Some(f) = e.field_child("function")
        {
            e = f;
        }
        self.catalog
            .context
            .is_memoising(last_dotted(self.b.text_of(e)))
    }

    /// `target` is bound by something other than one assignment (a `for`, `+=`, `as`):
    /// what an assignment made is no longer known to be what it holds.
    fn rebound<'n>(&mut self, target: Node<'n>, function: usize) {
        for name in target_names(target) {
            let name = self.b.text_of(name).to_string();
            self.made.insert((function, name), None);
        }
    }

    /// Names bound by an assignment target are locals of the function (unless declared
    /// `global`/`nonlocal` there).
    pub(super) fn declare_targets<'n>(&mut self, target: Node<'n>, function: usize) {
        if function == 0 {
            return;
        }
        for name in target_names(target) {
            let name = self.b.text_of(name);
            if !self.shared_names.contains(&(function, name)) {
                self.b.declare_local(function, name);
            }
        }
    }

    fn declare_params<'n>(&mut self, params: Node<'n>, function: usize) {
        for p in named_children(params) {
            let name = match p.kind() {
                "identifier" => Some(p),
                "default_parameter" | "typed_default_parameter" => p.field_child("name"),
                _ => named_children(p)
                    .into_iter()
                    .find(|c| c.kind() == "identifier"),
            };
            if let Some(name) = name {
                let name = self.b.text_of(name);
                self.b.declare_param(function, name);
                let default = p
                    .field_child("value")
                    .and_then(|v| self.expr(v, 0).as_argument());
                if let Some(f) = self.b.model.functions.get_mut(function) {
                    f.params.push((name.to_string(), default));
                }
                // `service: CopyService`: calls on it reach that class or a subclass.
                if let Some(class) = p
                    .field_child("type")
                    .and_then(|t| annotated_class(self.b.text_of(t)))
                {
                    self.b
                        .model
                        .typed_params
                        .push((name.to_string(), class.to_string()));
                    // (`seg(tiles)` on `seg: Segmenter` runs `Segmenter.__call__`.)
                    self.callables.insert(
                        (function, name),
                        vec![("__call__", Receiver::Name(class.to_string()))],
                    );
                }
                // `def offload(t, pin_memory=True)`: the flag's default.
                if p.kind() != "identifier" {
                    let default = field_text(&self.b, p, "value") == "True";
                    self.flags.insert((function, name), default);
                }
            }
        }
    }
}
