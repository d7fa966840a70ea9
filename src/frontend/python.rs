//! Python front end (tree-sitter-python).

use std::collections::{HashMap, HashSet};

use tree_sitter::{Node, Tree};

use super::builder::{Builder, Scope, named_children, span};
use super::extent::MAX_DEPTH;

mod library;
use crate::catalog::{ApiKind, Catalog, MatchKind, SizeSpec};
use crate::model::{
    BinOp, Class, Event, ExitKind, Expr, FileModel, FlowTo, FunctionKind, Language, LoopKind,
    PtrScope, RETURNED, Receiver, Span, Trips,
};

/// Methods that put their argument into a container that outlives the statement.
const CONTAINER_STORES: &[&str] = &[
    "append",
    "extend",
    "insert",
    "add",
    "appendleft",
    "put",
    "put_nowait",
    "setdefault",
    "push",
];

/// The keyword a `kernel[grid](..)` launch passes its grid under (a grid function or
/// lambda runs once per launch when `rules/entry_points.toml` says so).
const LAUNCH_GRID: &str = "grid";

/// Arguments looked at for plain names handed over (`CallSite::name_args`).
const MAX_NAME_ARGS: usize = 8;

/// Calls that run a function handed to them (a thread, a pool, an executor).
const LAUNCHERS: &[&str] = &[
    "submit",
    "map",
    "starmap",
    "imap",
    "imap_unordered",
    "apply_async",
    "map_async",
    "Thread",
    "Process",
    "run_in_executor",
];

struct Py<'t, 'c> {
    b: Builder<'t>,
    catalog: &'c Catalog,
    lang: Language,
    /// `(name, offset, container)`: the variable `name` was stored into `container` at
    /// `offset`.
    stores: Vec<(&'t str, usize, &'t str)>,
    /// Events made under an `if`: (event, guard condition, in its `else`).
    guarded: Vec<(usize, Span, bool)>,
    /// `import a.b as c` → `c` names module `b`; `from a import b` → `b` names module `b`.
    modules: HashMap<&'t str, &'t str>,
    /// Names a function declares `global` or `nonlocal`.
    shared_names: HashSet<(usize, &'t str)>,
    /// (function, name) → is every binding seen so far `True` (`pin_memory = True`, a
    /// parameter defaulting to `True`)? Then `pin_memory=name` pins.
    flags: HashMap<(usize, &'t str), bool>,
    /// The class whose body is being walked, for `expr`.
    class_now: std::cell::Cell<Option<&'t str>>,
    /// `self.x`/`cls.x` constants: the class that set each one.
    attr_owner: HashMap<String, String>,
    /// Where `self.x`/`cls.x` are read: (name, class).
    attr_uses: std::cell::RefCell<Vec<(String, Option<&'t str>)>>,
    /// Dataclasses and NamedTuples: their fields' values are defaults.
    record_classes: HashSet<&'t str>,
    /// Defaults stated twice with different values: none is kept.
    conflicting_defaults: HashSet<String>,
    /// (function, local) → the size of the tensor its one assignment made
    /// (`buf = torch.zeros(256, 1024)`); none when assigned again or not by a factory.
    made: HashMap<(usize, String), Option<Expr>>,
    /// `grid = lambda meta: ..`: (function, name) → the lambda, for `kernel[grid](..)`.
    named_lambdas: HashMap<(usize, &'t str), usize>,
    /// `chan = Channelizer(..)` in a function: (function, local) → the class, so that
    /// `chan(x)` calls `Channelizer.__call__`.
    instances: HashMap<(usize, &'t str), &'t str>,
}

pub fn build(
    parser: &mut tree_sitter::Parser,
    text: &str,
    lang: Language,
    catalog: &Catalog,
    extent: &mut super::extent::Extent,
) -> Result<FileModel, String> {
    let mut py = Py {
        b: Builder::new(text),
        catalog,
        lang,
        stores: Vec::new(),
        modules: HashMap::new(),
        shared_names: HashSet::new(),
        guarded: Vec::new(),
        flags: HashMap::new(),
        class_now: std::cell::Cell::new(None),
        attr_owner: HashMap::new(),
        attr_uses: std::cell::RefCell::new(Vec::new()),
        record_classes: HashSet::new(),
        conflicting_defaults: HashSet::new(),
        made: HashMap::new(),
        named_lambdas: HashMap::new(),
        instances: HashMap::new(),
    };
    super::extent::parse_into(parser, text, lang, extent, &mut py)?;
    py.resolve_stores();
    py.drop_foreign_attributes();
    Ok(py.b.finish())
}

impl super::extent::Walker for Py<'_, '_> {
    fn model(&self) -> &FileModel {
        &self.b.model
    }
}

impl super::extent::TreeWalker for Py<'_, '_> {
    fn walk_tree(&mut self, tree: &Tree) {
        let scope = self.b.root_scope();
        self.walk(tree.root_node(), scope, 0);
    }
}

impl<'t> Py<'t, '_> {
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
                if let Some(params) = node.child_by_field_name("parameters") {
                    self.walk(params, scope, d);
                }
                let inner = self.b.enter_function(
                    scope,
                    name,
                    FunctionKind::Function,
                    scope.class.map(str::to_string),
                    span(node),
                    node.child_by_field_name("name").map(span),
                );
                // `@functools.lru_cache`, `@cache`: the body runs once per key.
                let memoised = node
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
                if let Some(params) = node.child_by_field_name("parameters") {
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
                    }
                }
                if let Some(body) = node.child_by_field_name("body") {
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
                let keyword = node.parent().and_then(|p| match p.kind() {
                    "keyword_argument" => Some(field_text(&self.b, p, "name").to_string()),
                    // `kernel[lambda meta: ..](..)`: a launch grid, called on every launch.
                    "subscript" => p
                        .parent()
                        .filter(|c| {
                            c.kind() == "call"
                                && c.child_by_field_name("function") == Some(p)
                                && p.child_by_field_name("subscript") == Some(node)
                        })
                        .map(|_| LAUNCH_GRID.to_string()),
                    "assignment" => {
                        if let Some(left) = p
                            .child_by_field_name("left")
                            .filter(|l| l.kind() == "identifier")
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
                        .and_then(|c| c.child_by_field_name("function"))
                        .map(|f| last_dotted(self.b.text_of(f)).to_string())
                        .filter(|n| self.catalog.entry_points.is_hook(n)),
                    _ => None,
                });
                self.b.model.functions[inner.function].passed_as = keyword;
                if let Some(params) = node.child_by_field_name("parameters") {
                    self.declare_params(params, inner.function);
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(body, inner, d);
                }
            }
            "class_definition" => {
                let name = field_text(&self.b, node, "name");
                let sup = node.child_by_field_name("superclasses");
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
                self.b.model.classes.push(Class {
                    name: name.to_string(),
                    bases,
                });
                if let Some(sup) = sup {
                    self.walk(sup, scope, d);
                }
                if let Some(body) = node.child_by_field_name("body") {
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
                let right = node.child_by_field_name("right");
                let header_end = right.map_or(node.start_byte(), |r| r.end_byte());
                let trips = right.map_or(Trips::Unknown, |r| self.trips(r));
                for field in ["left", "right", "alternative"] {
                    if let Some(c) = node.child_by_field_name(field) {
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
                let left = node.child_by_field_name("left");
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
                if let (Some(l), Some(r)) = (left, right)
                    && l.kind() == "identifier"
                    && matches!(r.kind(), "identifier" | "attribute")
                {
                    let element = (compact(self.b.text_of(l)), compact(self.b.text_of(r)));
                    if let Some(lp) = self.b.model.loops.last_mut() {
                        lp.element = Some(element);
                    }
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.walk(body, inner, d);
                }
            }
            "while_statement" => {
                let cond = node.child_by_field_name("condition");
                let header = Span {
                    start: node.start_byte(),
                    end: cond.map_or(node.start_byte(), |c| c.end_byte()),
                };
                if let Some(alt) = node.child_by_field_name("alternative") {
                    self.walk(alt, scope, d);
                }
                let inner =
                    self.b
                        .enter_loop(scope, LoopKind::While, span(node), header, Trips::Unknown);
                for field in ["condition", "body"] {
                    if let Some(c) = node.child_by_field_name(field) {
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
                self.walk_children(node, scope, d);
            }
            "keyword_argument" => {
                if let Some(value) = node
                    .child_by_field_name("value")
                    .and_then(|v| self.callable_arg(v))
                {
                    let keyword = field_text(&self.b, node, "name").to_string();
                    let name = last_dotted(self.b.text_of(value)).to_string();
                    self.b.model.passed_functions.push((keyword, name));
                }
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
                self.walk_children(node, scope, d);
            }
            "raise_statement" => {
                self.b.add_exit(scope, ExitKind::Throw, span(node));
                self.walk_children(node, scope, d);
            }
            "break_statement" => self.b.add_exit(scope, ExitKind::Break, span(node)),
            "if_statement" => {
                let cond = node.child_by_field_name("condition");
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
                let consequence = node.child_by_field_name("consequence");
                let memo = match (cond, consequence) {
                    (Some(c), Some(body)) => self.fills_absent(span(c), body),
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
                if let Some(alias) = node.child_by_field_name("alias") {
                    self.rebound(alias, scope.function);
                }
                self.walk_children(node, scope, d);
            }
            "augmented_assignment" => {
                let left = node.child_by_field_name("left");
                if let Some(l) = left {
                    self.rebound(l, scope.function);
                }
                if let Some(left) = left
                    && left.kind() == "attribute"
                {
                    self.attribute_constant(left, None, scope);
                }
                // `outs += [buf]` keeps `buf`.
                if field_text(&self.b, node, "operator") == "+="
                    && let Some(right) = node.child_by_field_name("right")
                {
                    let container = field_text(&self.b, node, "left");
                    self.store_items(right, node.start_byte(), container);
                }
                self.walk_children(node, scope, d);
            }
            "assignment" => {
                self.assignment(node, scope);
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
                        self.b.model.resets.push((scope.function, name));
                    }
                }
                self.walk_children(node, scope, d);
            }
            "yield" => {
                if let Some(v) = node.named_child(0) {
                    self.flow(v, scope.function, FlowTo::Returned);
                }
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

    /// Each `for .. in ..` clause is a loop nested in the previous one; the first iterable
    /// is evaluated once, outside all of them.
    fn comprehension<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, d: usize) {
        let children = named_children(node);
        let mut inner = scope;
        for (i, clause) in children.iter().enumerate() {
            if clause.kind() != "for_in_clause" {
                continue;
            }
            let right = clause.child_by_field_name("right");
            if let Some(r) = right {
                self.walk(r, if i == 0 { scope } else { inner }, d);
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
                let Some(args) = iterable.child_by_field_name("arguments") else {
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

    fn call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.child_by_field_name("function") else {
            return;
        };
        let (name, is_method) = match func.kind() {
            "identifier" => (self.b.text_of(func), false),
            "attribute" => (field_text(&self.b, func, "attribute"), true),
            "subscript" => {
                // `kernel[grid](..)`: the launch calls `grid` (see `LAUNCH_GRID`).
                if let Some(g) = func
                    .child_by_field_name("subscript")
                    .filter(|g| g.kind() == "identifier")
                {
                    let g = self.b.text_of(g);
                    match self.named_lambdas.get(&(scope.function, g)) {
                        Some(&l) => {
                            self.b.model.functions[l].passed_as = Some(LAUNCH_GRID.to_string())
                        }
                        None => self
                            .b
                            .model
                            .passed_functions
                            .push((LAUNCH_GRID.to_string(), g.to_string())),
                    }
                }
                return;
            }
            _ => return,
        };
        let args = node
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        if is_method && name == "add_argument" {
            self.argparse_default(&args);
        }
        if is_method && CONTAINER_STORES.contains(&name) {
            let container = field_text(&self.b, func, "object");
            for a in &args {
                self.store_items(*a, node.start_byte(), container);
            }
        }
        // `for w in weights: setattr(w, name, buf)`: `buf` stays with its element.
        if !is_method
            && name == "setattr"
            && let [owner, _, value] = args[..]
            && owner.kind() == "identifier"
            && self.is_loop_element(self.b.text_of(owner), scope.innermost_loop)
        {
            self.store_items(value, node.start_byte(), self.b.text_of(owner));
        }
        let pin_value = args
            .iter()
            .find(|a| {
                a.kind() == "keyword_argument" && field_text(&self.b, **a, "name") == "pin_memory"
            })
            .and_then(|a| a.child_by_field_name("value"));
        let pins_kwarg = pin_value.is_some_and(|v| self.is_true(self.b.text_of(v), scope.function));
        // `pin_memory=self.use_pin_memory` (the object's configuration) or `pin_memory=pin`
        // (a parameter not defaulting to `True`): a factory that pins when the flag is on.
        let flag_kwarg = pin_value
            .filter(|_| !pins_kwarg)
            .and_then(|v| self.pin_flag(v, scope.function));
        let api = self
            .pin_arg_api(name, &args)
            .or_else(|| {
                [
                    (pins_kwarg, MatchKind::PinKwarg),
                    (true, MatchKind::Call),
                    (is_method, MatchKind::Method),
                ]
                .into_iter()
                .filter(|(applies, _)| *applies)
                .find_map(|(_, how)| self.catalog.lookup(self.lang, how, name))
            })
            .filter(|&id| self.on_pinned_receiver(id, func))
            .or_else(|| {
                flag_kwarg.as_ref()?;
                self.catalog
                    .lookup(self.lang, MatchKind::PinKwarg, name)
                    .filter(|&id| self.catalog.apis[id].kind == ApiKind::Alloc)
            });
        // (A parameter flag: the pin runs only where callers leave it on.)
        let flag_condition = flag_kwarg.flatten();
        let Some(api_id) = api else {
            self.finalizer_release(node, name, &args, scope);
            // `chan(x)` on a local bound to `Channelizer(..)`: its `__call__`.
            match self
                .instances
                .get(&(scope.function, name))
                .filter(|_| !is_method)
            {
                Some(&class) => {
                    let receiver = Receiver::Name(class.to_string());
                    self.b.add_call(scope, "__call__", receiver, span(node))
                }
                None => {
                    let receiver = self.receiver(func);
                    self.b.add_call(scope, name, receiver, span(node))
                }
            }
            let result = self
                .returned_as_is(node)
                .or_else(|| self.assigned_name(node));
            self.b.set_last_result(result);
            let constants = self.constant_args(&args, scope.function);
            // (A splat may set any parameter: then none is known to take its default.)
            let opaque = args
                .iter()
                .any(|a| matches!(a.kind(), "list_splat" | "dictionary_splat"));
            let positional = if opaque {
                usize::MAX
            } else {
                positional(&args).len()
            };
            self.b.set_last_args(constants, positional);
            let names: Vec<(u8, String)> = self::positional(&args)
                .into_iter()
                .enumerate()
                .take(MAX_NAME_ARGS)
                .filter(|(_, a)| a.kind() == "identifier")
                .map(|(i, a)| (i as u8, self.b.text_of(a)))
                .filter(|(_, a)| {
                    !matches!(*a, "self" | "cls") && !self.b.is_plain_local(scope.function, a)
                })
                .map(|(i, a)| (i, a.to_string()))
                .collect();
            self.b.set_last_name_args(names);
            // `a.b.sampler.f()`: remember `sampler`, whose class may be known.
            if let Some(object) = func
                .child_by_field_name("object")
                .filter(|o| o.kind() == "attribute")
            {
                let attr = field_text(&self.b, object, "attribute").to_string();
                if let Some(c) = self.b.model.calls.last_mut() {
                    c.receiver_attr = Some(attr);
                }
            }
            if self
                .assigned_name(node)
                .is_some_and(|d| self.b.guards_absence(scope, &d))
            {
                self.b.guard_last_call();
            }
            // `t.register_hook(f)`, `saved_tensors_hooks(pack, unpack)`: callbacks that run
            // once per tensor per step. In a subclass of a hook-taking class,
            // `super().__init__(pack, unpack)` passes them the same way.
            let base = (name == "__init__" && field_text(&self.b, func, "object") == "super()")
                .then(|| self.hook_base(scope.function))
                .flatten();
            let name = base.as_deref().unwrap_or(name);
            if self.catalog.entry_points.is_hook(name) {
                let passed: Vec<Node> = args.iter().filter_map(|a| self.callable_arg(*a)).collect();
                for a in passed {
                    let f = last_dotted(self.b.text_of(a)).to_string();
                    self.b.model.passed_functions.push((name.to_string(), f));
                }
                // `register_forward_hook(self._make_hook(name))`: the closure the factory
                // returns is the callback.
                for a in args.iter().filter(|a| a.kind() == "call") {
                    if self.callable_arg(*a).is_none()
                        && let Some(f) = a.child_by_field_name("function")
                    {
                        let factory = last_dotted(self.b.text_of(f)).to_string();
                        self.b
                            .model
                            .passed_factories
                            .push((name.to_string(), factory));
                    }
                }
            }
            // `pool.submit(f, ..)`, `Thread(target=f)`: the pool or thread calls `f`.
            if LAUNCHERS.contains(&name) {
                let target = self.kwarg(&args, "target").or_else(|| {
                    args.iter()
                        .copied()
                        .find(|a| self.callable_arg(*a).is_some())
                });
                if let Some(t) = target.and_then(|t| self.callable_arg(t)) {
                    let callee = last_dotted(self.b.text_of(t));
                    let receiver = self.receiver(t);
                    self.b.add_call(scope, callee, receiver, span(t));
                    if self.catalog.context.is_thread_starter(name) {
                        self.b.thread_last_call();
                    }
                }
            }
            return;
        };
        let api = &self.catalog.apis[api_id];
        let positional = positional(&args);
        // `cuda.cuMemHostAlloc(ctypes.byref(p), size, 0)`: the C signature through ctypes;
        // `p` is the buffer and the size comes after it.
        let out = api.out_pointer.and_then(|(at, size_at)| {
            let inner = positional
                .get(at)
                .and_then(|a| self.out_pointer_target(*a))?;
            Some((inner, size_at))
        });
        let mut size = match out {
            Some((_, size_at)) => size_at
                .and_then(|i| positional.get(i))
                .map(|n| self.expr(*n, 0)),
            None => self.size(&api.size, &args, &positional),
        };
        // `get_accelerator().pin_memory(t)`: a helper that pins its argument (a tensor's
        // own `pin_memory` takes at most a device, written as a string).
        let pinned = (api.kind == ApiKind::PinCopy)
            .then(|| positional.first().copied())
            .flatten()
            .filter(|a| !matches!(a.kind(), "string" | "concatenated_string"));
        // `torch.zeros(256, 1024, dtype=torch.float16).pin_memory()`: the copy is the size
        // of the factory's tensor.
        let copied = pinned.or_else(|| func.child_by_field_name("object"));
        if size.is_none()
            && api.kind == ApiKind::PinCopy
            && let Some(made) = copied.filter(|o| o.kind() == "call")
        {
            size = self.made_size(made);
        }
        if size.is_none()
            && let Some(t) = pinned
        {
            size = Some(Expr::term(&format!("nbytes({})", self.spelled(t))));
        }
        if size.is_none() && out.is_none() {
            size = self.symbolic_size(name, api.kind, func, &args, &positional, scope.function);
        }
        let pointer = match (out, api.pointer_arg) {
            (Some((inner, _)), _) => Some(self.pointer(inner)),
            (None, Some(i)) => positional.get(i).map(|p| self.pointer(*p)),
            (None, None) => self.assigned_name(node),
        };
        let target = api
            .kind
            .pins()
            .then(|| self.store_target(node, scope.innermost_loop))
            .flatten();
        let stored_in_container = target.is_some();
        let store = match target {
            Some(t) => Some(compact(t)),
            None if api.kind.pins() => self.returned_as_is(node),
            None => None,
        };
        let member = pointer
            .as_deref()
            .is_some_and(|p| p.starts_with("self.") || p.starts_with("cls."));
        let root = pointer
            .as_deref()
            .map(crate::model::root_name)
            .map(str::to_string);
        // The `if` around the call, or the one around that (`if k not in cache:` holding
        // `if pin:`), may test that the destination is absent.
        let outer = scope.outer_guard.map(|(g, negated)| Scope {
            guard: Some(g),
            negated,
            ..scope
        });
        let guarded_once = scope.once
            || self.after_cache_hit_return(node)
            || self.pool_miss(node)
            || self.grows_only(node)
            || [Some(scope), outer].into_iter().flatten().any(|s| {
                self.assigned_name(node)
                    .is_some_and(|d| self.b.guards_absence(s, &d))
                    || pointer
                        .as_deref()
                        .is_some_and(|d| self.b.guards_absence(s, d))
            });
        let at = self.b.model.events.len();
        if let Some(g) = scope.guard {
            self.guarded.push((at, g, scope.negated));
        }
        if let Some((g, negated)) = scope.outer_guard {
            self.guarded.push((at, g, negated));
        }
        self.b.add_event(
            Event {
                api: api_id,
                kind: api.kind,
                callee: compact(self.b.text_of(func)),
                span: span(node),
                size,
                pointer,
                pointer_scope: PtrScope::Local,
                lifetime: api.lifetime(),
                in_cleanup: scope.cleanup,
                guarded_once,
                status_var: self.status_var(node, api.pointer_arg.is_some() || out.is_some()),
                stored_in_container,
                store,
                condition: self
                    .b
                    .condition(scope)
                    .or_else(|| flag_condition.map(|f| (f, true))),
                pin_flag: pin_value
                    .map(|v| compact(self.b.text_of(v)))
                    .filter(|v| v != "True"),
                function: scope.function,
                innermost_loop: self.b.event_loop(scope),
            },
            root.as_deref(),
            member,
        );
    }

    /// The base of the class of `function` that takes hooks (`class Offload(saved_tensors_hooks)`).
    fn hook_base(&self, function: usize) -> Option<String> {
        let class = self.b.model.functions[function].class.as_deref()?;
        let k = self
            .b
            .model
            .classes
            .iter()
            .rev()
            .find(|k| k.name == class)?;
        k.bases
            .iter()
            .find(|b| self.catalog.entry_points.is_hook(b))
            .cloned()
    }

    /// A `pin_memory=` value that is a flag set elsewhere: `self.use_pin_memory` or
    /// `cls.pin` (`Some(None)`), or a parameter of `function` (`Some(Some(name))`). Not a
    /// local, a literal or any other expression.
    fn pin_flag(&self, value: Node, function: usize) -> Option<Option<String>> {
        match value.kind() {
            "attribute" if matches!(field_text(&self.b, value, "object"), "self" | "cls") => {
                Some(None)
            }
            "identifier" => {
                let name = self.b.text_of(value);
                self.b
                    .is_param(function, name)
                    .then(|| Some(name.to_string()))
            }
            _ => None,
        }
    }

    /// The function an argument hands over: a name or attribute (`self.grad_handle`), or
    /// the function a `functools.partial(f, ..)` binds.
    fn callable_arg<'n>(&self, arg: Node<'n>) -> Option<Node<'n>> {
        match arg.kind() {
            "identifier" | "attribute" => Some(arg),
            "call" => {
                let func = arg.child_by_field_name("function")?;
                if last_dotted(self.b.text_of(func)) != "partial" {
                    return None;
                }
                let first = positional(&named_children(arg.child_by_field_name("arguments")?))
                    .first()
                    .copied()?;
                matches!(first.kind(), "identifier" | "attribute").then_some(first)
            }
            _ => None,
        }
    }

    /// What `func` (the callee expression) is called on.
    fn receiver<'n>(&self, func: Node<'n>) -> Receiver {
        if func.kind() != "attribute" {
            return Receiver::None;
        }
        let Some(object) = func.child_by_field_name("object") else {
            return Receiver::Expr;
        };
        if object.kind() != "identifier" {
            return Receiver::Expr;
        }
        match self.b.text_of(object) {
            "self" | "cls" => Receiver::SelfRef,
            name => match self.modules.get(name) {
                Some(module) => Receiver::Module(module.to_string()),
                None => Receiver::Name(name.to_string()),
            },
        }
    }

    /// Record which local names refer to modules.
    fn import<'n>(&mut self, node: Node<'n>) {
        let from_module = node.kind() == "import_from_statement";
        for child in named_children(node) {
            if from_module && node.child_by_field_name("module_name") == Some(child) {
                continue;
            }
            let (name, alias) = match child.kind() {
                "aliased_import" => (
                    child.child_by_field_name("name"),
                    child.child_by_field_name("alias"),
                ),
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
                && let Some(source) = node.child_by_field_name("module_name")
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

    /// The arguments of a call that are constants (`True`, `64`, `-1`).
    fn constant_args<'n>(
        &self,
        args: &[Node<'n>],
        function: usize,
    ) -> Vec<(Option<String>, usize, Expr)> {
        let params = &self.b.model.functions[function].params;
        let mut out = Vec::new();
        let mut position: usize = 0;
        for a in args {
            let (key, at, value) = match a.kind() {
                "keyword_argument" => (
                    Some(field_text(&self.b, *a, "name").to_string()),
                    usize::MAX,
                    a.child_by_field_name("value"),
                ),
                // (Positions after `*xs` are unknown.)
                "list_splat" | "dictionary_splat" => return out,
                _ => {
                    position += 1;
                    (None, position - 1, Some(*a))
                }
            };
            match value.and_then(|v| self.expr(v, 0).as_argument_in(params)) {
                Some(v) => out.push((key, at, v)),
                // `dtype=x.dtype` sets `dtype` to something unknown, and nothing else.
                None if key.is_some() => out.push((key, at, Expr::Unknown)),
                None => {}
            }
        }
        out
    }

    fn kwarg<'n>(&self, args: &[Node<'n>], key: &str) -> Option<Node<'n>> {
        args.iter()
            .find(|a| a.kind() == "keyword_argument" && field_text(&self.b, **a, "name") == key)
            .and_then(|a| a.child_by_field_name("value"))
    }

    fn size<'n>(
        &self,
        spec: &SizeSpec,
        args: &[Node<'n>],
        positional: &[Node<'n>],
    ) -> Option<Expr> {
        match spec {
            SizeSpec::None | SizeSpec::Count { .. } => None,
            SizeSpec::Data { arg, dtype_kwarg } => {
                let data = positional.get(*arg)?;
                let (count, widest) = literal_numbers(*data, 0)?;
                // torch's inference: floats make float32, ints int64, bools bool.
                let inferred = match widest {
                    Literal::Bool => "bool",
                    Literal::Int => "int64",
                    Literal::Float => "float32",
                };
                let elem = match self.kwarg(args, dtype_kwarg) {
                    Some(d) => Expr::DtypeSize(self.dtype_name(d)),
                    None => Expr::DtypeSize(inferred.into()),
                };
                Some(Expr::Binary(
                    BinOp::Mul,
                    Box::new(Expr::Int(i128::from(count))),
                    Box::new(elem),
                ))
            }
            SizeSpec::Bytes { arg, kwarg } => {
                let node = kwarg
                    .as_deref()
                    .and_then(|k| self.kwarg(args, k))
                    .or_else(|| arg.and_then(|i| positional.get(i).copied()))?;
                Some(self.expr(node, 0))
            }
            SizeSpec::Shape {
                arg,
                kwarg,
                varargs,
                dtype_arg,
                dtype_kwarg,
                default_dtype,
            } => {
                let dims: Vec<Node> = match kwarg.as_deref().and_then(|k| self.kwarg(args, k)) {
                    Some(shape) => self.dims(shape),
                    None => {
                        let i = (*arg)?;
                        let first = positional.get(i)?;
                        if *varargs && !matches!(first.kind(), "tuple" | "list" | "call") {
                            positional[i..].to_vec()
                        } else {
                            self.dims(*first)
                        }
                    }
                };
                let dtype = self
                    .kwarg(args, dtype_kwarg)
                    .or_else(|| dtype_arg.and_then(|i| positional.get(i).copied()));
                let elem = match dtype {
                    Some(d) => Expr::DtypeSize(self.dtype_name(d)),
                    None => Expr::DtypeSize(default_dtype.clone()?),
                };
                Some(dims.into_iter().fold(elem, |acc, dim| {
                    Expr::Binary(BinOp::Mul, Box::new(self.dim(dim)), Box::new(acc))
                }))
            }
        }
    }

    /// An expression as a size formula spells it: compacted, a long call shortened
    /// (`torch.from_numpy(req.shm_req.get_prompt_ids())` → `torch.from_numpy(..)`).
    fn spelled(&self, n: Node) -> String {
        let text = compact(self.b.text_of(n));
        if text.chars().count() <= 40 {
            return text;
        }
        let head: String = text
            .split('(')
            .next()
            .unwrap_or("")
            .chars()
            .take(36)
            .collect();
        format!("{head}(..)")
    }

    /// What a size the catalog cannot fold depends on, as the code spells it: the copied
    /// tensor of `x.pin_memory()` (`nbytes(x)`), the model of `torch.empty_like(x)`
    /// (`numel(x) × itemsize(dtype)`), the data of `torch.tensor(xs, ..)`; a list literal's
    /// length is its element count.
    fn symbolic_size<'n>(
        &self,
        name: &str,
        kind: ApiKind,
        func: Node<'n>,
        args: &[Node<'n>],
        positional: &[Node<'n>],
        function: usize,
    ) -> Option<Expr> {
        let spelled = |n: Node<'n>| self.spelled(n);
        // `buf = torch.zeros(256, 1024)` .. `buf.pin_memory()`, `torch.empty_like(buf, ..)`.
        let made = |n: Node<'n>| {
            (n.kind() == "identifier")
                .then(|| self.made.get(&(function, self.b.text_of(n).to_string())))
                .flatten()
                .cloned()
                .flatten()
        };
        let dtype = self.kwarg(args, "dtype").map(|d| self.dtype_name(d));
        let elements = |count: Expr| {
            let elem = Expr::DtypeSize(dtype.clone().unwrap_or_else(|| "element".into()));
            Expr::Binary(BinOp::Mul, Box::new(count), Box::new(elem))
        };
        if kind == ApiKind::PinCopy {
            let object = func.child_by_field_name("object")?;
            return made(object)
                .or_else(|| Some(Expr::term(&format!("nbytes({})", spelled(object)))));
        }
        let first = positional.first().copied()?;
        if name.ends_with("_like") {
            return Some(match dtype {
                Some(_) => elements(Expr::term(&format!("numel({})", spelled(first)))),
                None => made(first)
                    .unwrap_or_else(|| Expr::term(&format!("nbytes({})", spelled(first)))),
            });
        }
        match first.kind() {
            // `torch.tensor([rank, 2 * size - rank - 1], ..)`: two elements.
            "list" | "tuple"
                if named_children(first).iter().all(|i| {
                    !matches!(
                        i.kind(),
                        "list" | "tuple" | "list_splat" | "list_comprehension"
                    )
                }) =>
            {
                let n = first.named_child_count();
                Some(elements(Expr::Int(i128::try_from(n).ok()?)))
            }
            "identifier" | "attribute" | "call" | "subscript" => {
                Some(elements(Expr::term(&format!("numel({})", spelled(first)))))
            }
            // `[r.idx for r in reqs]`: one element per item of `reqs`.
            "list_comprehension" => {
                let source = named_children(first)
                    .into_iter()
                    .find(|c| c.kind() == "for_in_clause")
                    .and_then(|f| f.child_by_field_name("right"))?;
                Some(elements(Expr::term(&format!("len({})", spelled(source)))))
            }
            _ => None,
        }
    }

    /// The size of the tensor a factory call makes (`torch.zeros(2, 3)`, `torch.tensor([..])`),
    /// when the catalog knows the factory.
    fn made_size<'n>(&self, call: Node<'n>) -> Option<Expr> {
        let func = call.child_by_field_name("function")?;
        let name = match func.kind() {
            "attribute" => field_text(&self.b, func, "attribute"),
            "identifier" => self.b.text_of(func),
            _ => return None,
        };
        let id = self.catalog.lookup(self.lang, MatchKind::PinKwarg, name)?;
        let args: Vec<Node> = call
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        let positional = positional(&args);
        self.size(&self.catalog.apis[id].size, &args, &positional)
    }

    /// The dimensions of a shape: a tuple/list's items, `torch.Size([..])`'s items, or one int.
    fn dims<'n>(&self, shape: Node<'n>) -> Vec<Node<'n>> {
        match shape.kind() {
            "tuple" | "list" => named_children(shape),
            "call" => match shape
                .child_by_field_name("arguments")
                .map(named_children)
                .as_deref()
            {
                Some([inner]) if matches!(inner.kind(), "tuple" | "list") => named_children(*inner),
                // Unknown shape: a single unknown dimension keeps the size unknown.
                _ => vec![shape],
            },
            _ => vec![shape],
        }
    }

    /// One dimension of a shape: `x.shape` / `x.size()` (a whole shape) is `numel(x)`.
    fn dim<'n>(&self, dim: Node<'n>) -> Expr {
        let whole = match dim.kind() {
            "attribute" if field_text(&self.b, dim, "attribute") == "shape" => {
                dim.child_by_field_name("object")
            }
            "call" => dim
                .child_by_field_name("function")
                .filter(|f| {
                    f.kind() == "attribute" && field_text(&self.b, *f, "attribute") == "size"
                })
                .filter(|_| {
                    dim.child_by_field_name("arguments")
                        .is_some_and(|a| a.named_child_count() == 0)
                })
                .and_then(|f| f.child_by_field_name("object")),
            _ => None,
        };
        match whole {
            Some(x) => Expr::term(&format!("numel({})", compact(self.b.text_of(x)))),
            None => self.expr(dim, 0),
        }
    }

    /// `torch.float16` → `float16`, `"float32"` → `float32`, `x.dtype` stays `x.dtype`
    /// (another tensor's, unknown here), `np.dtype("f4")` → unknown.
    fn dtype_name<'n>(&self, d: Node<'n>) -> String {
        match d.kind() {
            "attribute" => {
                let last = field_text(&self.b, d, "attribute");
                if last == "dtype" {
                    compact(self.b.text_of(d))
                } else {
                    last.to_string()
                }
            }
            "identifier" => self.b.text_of(d).to_string(),
            "string" => self
                .b
                .text_of(d)
                .trim_matches(|c| c == '"' || c == '\'')
                .to_string(),
            _ => String::new(),
        }
    }

    /// An integer expression, folded later by the tax module.
    fn expr(&self, node: Node, depth: usize) -> Expr {
        if depth > MAX_DEPTH {
            return Expr::Unknown;
        }
        let d = depth + 1;
        match node.kind() {
            "integer" => parse_int(self.b.text_of(node)).map_or(Expr::Unknown, Expr::Int),
            "true" => Expr::Int(1),
            "false" => Expr::Int(0),
            "identifier" => Expr::Name(self.b.text_of(node).to_string()),
            // `self.max_batch`, `args.seq_len`: a free name (`--assume` binds it).
            "attribute" => {
                let name = compact(self.b.text_of(node));
                if name.starts_with("self.") || name.starts_with("cls.") {
                    self.attr_uses
                        .borrow_mut()
                        .push((name.clone(), self.class_now.get()));
                }
                Expr::Name(name)
            }
            "parenthesized_expression" => match named_children(node).as_slice() {
                [inner] => self.expr(*inner, d),
                _ => Expr::Unknown,
            },
            "unary_operator" => {
                let arg = node.child_by_field_name("argument");
                match (field_text(&self.b, node, "operator"), arg) {
                    ("-", Some(a)) => Expr::Neg(Box::new(self.expr(a, d))),
                    ("+", Some(a)) => self.expr(a, d),
                    _ => Expr::Unknown,
                }
            }
            "binary_operator" => {
                let op = match field_text(&self.b, node, "operator") {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    "//" => BinOp::Div,
                    "/" => BinOp::ExactDiv,
                    "<<" => BinOp::Shl,
                    "**" => BinOp::Pow,
                    _ => return Expr::Unknown,
                };
                match (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) {
                    (Some(l), Some(r)) => {
                        Expr::Binary(op, Box::new(self.expr(l, d)), Box::new(self.expr(r, d)))
                    }
                    _ => Expr::Unknown,
                }
            }
            // `int(n)` keeps the value; `len(ids)`, `x.numel()`, `shape[0]` are run-time
            // values, kept as written.
            "call" => {
                let func = node.child_by_field_name("function");
                let args = node
                    .child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                match (func.map(|f| self.b.text_of(f)), args.as_slice()) {
                    (Some("int"), [only]) if only.kind() != "keyword_argument" => {
                        self.expr(*only, d)
                    }
                    _ => Expr::term(self.b.text_of(node)),
                }
            }
            "subscript" => Expr::term(self.b.text_of(node)),
            _ => Expr::Unknown,
        }
    }

    /// A buffer expression, normalised for pairing: `x.data_ptr()` ≡ `x`.
    /// `@functools.lru_cache(maxsize=None)`, `@cache`: a memoising decorator.
    fn memoising(&self, decorator: Node) -> bool {
        let Some(mut e) = decorator.named_child(0) else {
            return false;
        };
        if e.kind() == "call"
            && let Some(f) = e.child_by_field_name("function")
        {
            e = f;
        }
        self.catalog
            .context
            .is_memoising(last_dotted(self.b.text_of(e)))
    }

    /// `weakref.finalize(obj, cudart.cudaHostUnregister, ptr)`: a release that runs when
    /// `obj` dies, recorded as a clean-up call of the release API on `ptr`.
    fn finalizer_release<'n>(
        &mut self,
        node: Node<'n>,
        name: &str,
        args: &[Node<'n>],
        scope: Scope<'t>,
    ) {
        let Some(at) = self.catalog.ownership.finalizer_arg(name) else {
            return;
        };
        let positional = positional(args);
        let Some(f) = positional.get(at) else {
            return;
        };
        let release = last_dotted(self.b.text_of(*f));
        let Some(api_id) = self
            .catalog
            .lookup(self.lang, MatchKind::Call, release)
            .filter(|&id| {
                matches!(
                    self.catalog.apis[id].kind,
                    ApiKind::Free | ApiKind::Unregister
                )
            })
        else {
            return;
        };
        let api = &self.catalog.apis[api_id];
        let Some(p) = positional.get(at + 1 + api.pointer_arg.unwrap_or(0)) else {
            return;
        };
        let pointer = self.pointer(*p);
        let member = pointer.starts_with("self.") || pointer.starts_with("cls.");
        let root = crate::model::root_name(&pointer).to_string();
        self.b.add_event(
            Event {
                api: api_id,
                kind: api.kind,
                callee: compact(self.b.text_of(*f)),
                span: span(node),
                size: None,
                pointer: Some(pointer),
                pointer_scope: PtrScope::Local,
                lifetime: api.lifetime(),
                in_cleanup: true,
                guarded_once: false,
                status_var: None,
                stored_in_container: false,
                store: None,
                condition: None,
                pin_flag: None,
                function: scope.function,
                innermost_loop: self.b.event_loop(scope),
            },
            Some(&root),
            member,
        );
    }

    /// `ctypes.byref(p)`, `pointer(p)`: the variable whose address a ctypes call is given.
    fn out_pointer_target<'n>(&self, node: Node<'n>) -> Option<Node<'n>> {
        if node.kind() != "call" {
            return None;
        }
        let func = node.child_by_field_name("function")?;
        let wrapper = last_dotted(self.b.text_of(func));
        if !self
            .catalog
            .ownership
            .out_pointer_wrappers
            .iter()
            .any(|w| w == wrapper)
        {
            return None;
        }
        match named_children(node.child_by_field_name("arguments")?).as_slice() {
            [inner] if matches!(inner.kind(), "identifier" | "attribute") => Some(*inner),
            _ => None,
        }
    }

    fn pointer<'n>(&self, node: Node<'n>) -> String {
        let mut n = node;
        loop {
            match n.kind() {
                "parenthesized_expression" => match named_children(n).as_slice() {
                    [inner] => n = *inner,
                    _ => break,
                },
                "call" => {
                    let func = n.child_by_field_name("function");
                    let no_args = n
                        .child_by_field_name("arguments")
                        .is_some_and(|a| named_children(a).is_empty());
                    match func {
                        Some(f)
                            if no_args
                                && f.kind() == "attribute"
                                && matches!(
                                    field_text(&self.b, f, "attribute"),
                                    "data_ptr" | "data"
                                ) =>
                        {
                            match f.child_by_field_name("object") {
                                Some(o) => n = o,
                                None => break,
                            }
                        }
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        compact(self.b.text_of(n))
    }

    /// The name a call's status goes to: the first of `err, ptr = call(..)`, or the
    /// whole target when the call's buffer is an argument (`err = register(p, ..)`).
    fn status_var<'n>(&self, call: Node<'n>, buffer_is_argument: bool) -> Option<String> {
        let parent = call.parent()?;
        if parent.kind() != "assignment" || parent.child_by_field_name("right")? != call {
            return None;
        }
        let left = parent.child_by_field_name("left")?;
        match left.kind() {
            "pattern_list" | "tuple_pattern" => named_children(left)
                .first()
                .map(|n| compact(self.b.text_of(*n))),
            "identifier" if buffer_is_argument => Some(compact(self.b.text_of(left))),
            _ => None,
        }
    }

    /// `self._ffn = partial(Layer._moe_ffn, self)`: calling `self._ffn(..)` runs the
    /// bound function. Recorded as a method `_ffn` of the class, spanning the assignment,
    /// that calls the target: `self._ffn(..)` anywhere in the class's lineage reaches it as
    /// it reaches an override.
    fn attribute_function<'n>(
        &mut self,
        assignment: Node<'n>,
        left: Node<'n>,
        right: Node<'n>,
        scope: Scope<'t>,
    ) {
        // (Inside a method the scope has no class; its function has.)
        let Some(class) = self.b.model.functions[scope.function].class.clone() else {
            return;
        };
        if !matches!(field_text(&self.b, left, "object"), "self" | "cls") {
            return;
        }
        // (As `scan::idents::bound_partials` finds them lexically, for the definition counts.)
        let target = match right.kind() {
            "call"
                if matches!(
                    field_text(&self.b, right, "function"),
                    "partial" | "functools.partial"
                ) =>
            {
                right
                    .child_by_field_name("arguments")
                    .and_then(|a| named_children(a).first().copied())
            }
            _ => None,
        };
        let Some(target) = target.filter(|t| matches!(t.kind(), "identifier" | "attribute")) else {
            return;
        };
        let attr = field_text(&self.b, left, "attribute");
        let callee = last_dotted(self.b.text_of(target));
        if attr.is_empty() || callee.is_empty() {
            return;
        }
        let receiver = self.receiver(target);
        let bound = self.b.enter_function(
            scope,
            attr.to_string(),
            FunctionKind::Function,
            Some(class),
            span(assignment),
            Some(span(left)),
        );
        self.b.add_call(bound, callee, receiver, span(target));
    }

    /// Is `value` a flag read from a keyword mapping with a false default:
    /// `kwargs.get("pin_memory", False)`, `bool(kw.pop("pin", None))`?
    fn keyword_lookup(&self, value: Node) -> bool {
        let mut v = value;
        if v.kind() == "call" && field_text(&self.b, v, "function") == "bool" {
            match v.child_by_field_name("arguments").map(named_children) {
                Some(args) if args.len() == 1 => v = args[0],
                _ => return false,
            }
        }
        if v.kind() != "call" {
            return false;
        }
        let Some(f) = v
            .child_by_field_name("function")
            .filter(|f| f.kind() == "attribute")
        else {
            return false;
        };
        if !matches!(field_text(&self.b, f, "attribute"), "get" | "pop") {
            return false;
        }
        let args = v
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        matches!(args.as_slice(), [key, default]
            if key.kind() == "string"
                && matches!(self.b.text_of(*default), "False" | "None" | "0"))
    }

    /// Is `value` `True`, or a name every binding of which (in `function`, else at module
    /// level) is `True`?
    fn is_true(&self, value: &str, function: usize) -> bool {
        value == "True"
            || self
                .flags
                .get(&(function, value))
                .or_else(|| self.flags.get(&(0, value)))
                .copied()
                .unwrap_or(false)
    }

    /// Does `body` assign a name (or attribute) that the condition at `cond` tests is
    /// absent (`X is None`, `not hasattr(f, "_buf")`, `k not in cache`)?
    fn fills_absent<'n>(&self, cond: Span, body: Node<'n>) -> bool {
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "function_definition" | "class_definition" | "lambda" => continue,
                "assignment" => {
                    if let Some(left) = n.child_by_field_name("left") {
                        if left.kind() == "subscript" {
                            // `if k not in cache: cache[k] = ..`: the same key.
                            let test = compact(self.b.text.get(cond.start..cond.end).unwrap_or(""));
                            let key = compact(field_text(&self.b, left, "subscript"));
                            let container = compact(field_text(&self.b, left, "value"));
                            if test.contains(&format!("{key}notin{container}")) {
                                return true;
                            }
                            continue;
                        }
                        // `if self.uninitialized: ..; self.uninitialized = False` (or `if not
                        // self.ready: ..; self.ready = True`): the flag turns the block off.
                        let test = compact(self.b.text.get(cond.start..cond.end).unwrap_or(""));
                        let flag = compact(self.b.text_of(left));
                        let value = n.child_by_field_name("right").map(|r| self.b.text_of(r));
                        let off = match test.strip_prefix("not") {
                            Some(rest) if rest == flag => Some("True"),
                            _ if test == flag => Some("False"),
                            _ => None,
                        };
                        if off.is_some() && off == value {
                            return true;
                        }
                        let target = match left.kind() {
                            "attribute" => field_text(&self.b, left, "attribute"),
                            _ => self.b.text_of(left),
                        };
                        let target = target.rsplit('.').next().unwrap_or(target);
                        if !target.is_empty() && self.b.guard_tests_absence(cond, false, target) {
                            return true;
                        }
                        // A grow-only cache: `if self.buf.numel() < n: self.buf = pin(n)`,
                        // `if self.cap < need: ..; self.cap = need`. It reallocates only when
                        // a request outgrows it: amortised, not every call.
                        if left.kind() == "attribute" && !target.is_empty() {
                            let text = self.b.text.get(cond.start..cond.end).unwrap_or("");
                            let words: Vec<&str> = text
                                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                .collect();
                            let inequality = ["<", ">"].iter().any(|op| text.contains(op))
                                && !text.contains(" or ");
                            if inequality && words.contains(&target) {
                                return true;
                            }
                        }
                    }
                }
                _ => {}
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
        false
    }

    /// The variable a call's result is bound to (`p = alloc(..)`, `err, p = alloc(..)`).
    fn assigned_name<'n>(&self, call: Node<'n>) -> Option<String> {
        let (call, parent) = value_of(call)?;
        if parent.kind() != "assignment" || parent.child_by_field_name("right")? != call {
            return None;
        }
        let left = parent.child_by_field_name("left")?;
        let target = match left.kind() {
            "pattern_list" | "tuple_pattern" => *named_children(left).last()?,
            _ => left,
        };
        Some(compact(self.b.text_of(target)))
    }

    /// [`RETURNED`] when the call's value is returned or yielded as it is.
    fn returned_as_is<'n>(&self, call: Node<'n>) -> Option<String> {
        let (_, parent) = value_of(call)?;
        matches!(parent.kind(), "return_statement" | "yield").then(|| RETURNED.to_string())
    }

    /// The container the call's value goes straight into: `xs.append(call)` (`xs`),
    /// `d[k] = call` (`d`), `[call for ..]` (where the list goes: the name or attribute
    /// it is assigned to, or [`RETURNED`]); or the element of a collection a loop around
    /// it walks (`for w in weights: setattr(w, name, call)` or `w.pin = call`: `w`), each
    /// iteration's buffer staying with its own element.
    fn store_target<'n>(&self, call: Node<'n>, innermost: Option<usize>) -> Option<&'t str> {
        let (mut child, mut parent) = value_of(call)?;
        // `[[pin(..)] for ..]`: an element of a literal is stored where the literal is.
        while matches!(parent.kind(), "list" | "tuple" | "set") {
            (child, parent) = value_of(parent)?;
        }
        let on_element = |owner: Option<Node<'n>>| -> Option<Node<'n>> {
            owner.filter(|o| {
                o.kind() == "identifier" && self.is_loop_element(self.b.text_of(*o), innermost)
            })
        };
        // Where a comprehension's value goes: the target it is assigned to, or the caller.
        let comprehension_target = |comp: Node<'n>| -> Option<&'t str> {
            let (c, up) = value_of(comp)?;
            match up.kind() {
                "assignment" if up.child_by_field_name("right") == Some(c) => {
                    up.child_by_field_name("left").map(|l| self.b.text_of(l))
                }
                "return_statement" | "yield" => Some(RETURNED),
                _ => Some(""),
            }
        };
        match parent.kind() {
            "argument_list" => {
                let f = parent.parent()?.child_by_field_name("function")?;
                match f.kind() {
                    "attribute"
                        if CONTAINER_STORES.contains(&field_text(&self.b, f, "attribute")) =>
                    {
                        Some(field_text(&self.b, f, "object"))
                    }
                    "attribute" => None,
                    _ => {
                        let args = named_children(parent);
                        if self.b.text_of(f) == "setattr" && args.len() == 3 && args[2] == child {
                            on_element(args.first().copied()).map(|o| self.b.text_of(o))
                        } else {
                            None
                        }
                    }
                }
            }
            "assignment" => {
                let left = parent.child_by_field_name("left")?;
                if parent.child_by_field_name("right") != Some(child) {
                    return None;
                }
                if let Some(slot) = element_slot(left) {
                    return Some(field_text(&self.b, slot, "value"));
                }
                (left.kind() == "attribute")
                    .then(|| on_element(left.child_by_field_name("object")))
                    .flatten()
                    .map(|o| self.b.text_of(o))
            }
            "list_comprehension" | "set_comprehension"
                if parent.child_by_field_name("body") == Some(child) =>
            {
                comprehension_target(parent)
            }
            "pair" => parent
                .parent()
                .filter(|g| g.kind() == "dictionary_comprehension")
                .and_then(comprehension_target),
            _ => None,
        }
    }

    /// Is `name` the element variable of a loop around `innermost` (`for w in weights`)?
    fn is_loop_element(&self, name: &str, innermost: Option<usize>) -> bool {
        let mut at = innermost;
        while let Some(l) = at {
            let lp = &self.b.model.loops[l];
            if lp.targets.iter().any(|t| t == name) {
                return true;
            }
            at = lp.parent;
        }
        false
    }

    /// Module constants, and names later stored into containers (`xs.append(p)`, `d[k] = p`).
    fn assignment<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        if let Some(left) = node.child_by_field_name("left") {
            self.bind(
                scope.function,
                left,
                node.child_by_field_name("right"),
                node.child_by_field_name("type"),
            );
        }
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return;
        };
        if let Some(slot) = element_slot(left) {
            let container = field_text(&self.b, slot, "value");
            self.store_items(right, node.start_byte(), container);
        }
        self.assignment_flows(left, right, scope);
        // `self.buf = None`: the next `if self.buf is None:` fills it again.
        if right.kind() == "none" && matches!(left.kind(), "identifier" | "attribute") {
            let name = compact(self.b.text_of(left));
            self.b.model.resets.push((scope.function, name));
        }
        // `for w in weights: w.pin = buf`: `buf` stays with its element.
        if left.kind() == "attribute"
            && let Some(owner) = left.child_by_field_name("object")
            && owner.kind() == "identifier"
            && self.is_loop_element(self.b.text_of(owner), scope.innermost_loop)
        {
            self.store_items(right, node.start_byte(), self.b.text_of(owner));
        }
        self.declare_targets(left, scope.function);
        if left.kind() == "attribute" {
            self.attribute_function(node, left, right, scope);
            self.attribute_constant(left, Some(right), scope);
            return;
        }
        if left.kind() != "identifier" {
            return;
        }
        let name = self.b.text_of(left);
        let size = (right.kind() == "call")
            .then(|| self.made_size(right))
            .flatten();
        self.made
            .entry((scope.function, name.to_string()))
            .and_modify(|s| *s = None)
            .or_insert(size);
        if self.keyword_lookup(right) {
            let requested = &mut self.b.model.functions[scope.function].requested;
            if !requested.iter().any(|r| r == name) {
                requested.push(name.to_string());
            }
        }
        let is_true = self.b.text_of(right) == "True";
        let flag = self.flags.entry((scope.function, name)).or_insert(is_true);
        *flag &= is_true;
        let value = self.expr(right, 0);
        let constant = scope.innermost_loop.is_none() && value != Expr::Unknown;
        match scope.class {
            // A class attribute (`buffer_depth: int = 2`) is read as `self.buffer_depth`,
            // `cls.buffer_depth` or `Pool.buffer_depth`, not as a module name.
            Some(class) if scope.function == 0 => {
                if constant && self.record_classes.contains(class) {
                    self.add_default(name, value.clone(), format!("{class}.{name}"));
                }
                for owner in ["self", "cls", class] {
                    let key = format!("{owner}.{name}");
                    self.attribute_value(key, constant.then(|| value.clone()), class);
                }
            }
            _ if scope.function == 0 && constant => self.b.add_constant(name, value),
            _ => self.b.poison_constant(name),
        }
    }

    /// `parser.add_argument("--batch-size", "-b", type=int, default=64)`: `batch_size`
    /// (or `dest=`) defaults to 64.
    fn argparse_default(&mut self, args: &[Node]) {
        let mut dest = None;
        let mut default = None;
        let mut flags = Vec::new();
        for a in args {
            match a.kind() {
                "string" => flags.push(self.b.text_of(*a).trim_matches(['"', '\'']).to_string()),
                "keyword_argument" => {
                    let value = a.child_by_field_name("value");
                    match field_text(&self.b, *a, "name") {
                        "dest" => {
                            dest = value
                                .map(|v| self.b.text_of(v).trim_matches(['"', '\'']).to_string())
                        }
                        "default" => default = value.map(|v| self.expr(v, 0)),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        let Some(value) = default.filter(|v| *v != Expr::Unknown) else {
            return;
        };
        let flag = flags
            .iter()
            .find(|f| f.starts_with("--"))
            .or_else(|| flags.iter().find(|f| !f.starts_with('-')))
            .cloned();
        let name = dest.or_else(|| {
            flag.as_ref()
                .map(|f| f.trim_start_matches('-').replace('-', "_"))
        });
        if let (Some(name), Some(flag)) = (name, flag)
            && !name.is_empty()
        {
            self.add_default(&name, value, flag);
        }
    }

    /// Record a default; a second, different value for the name drops it.
    fn add_default(&mut self, name: &str, value: Expr, origin: String) {
        if self.conflicting_defaults.contains(name) {
            return;
        }
        match self.b.model.defaults.get(name) {
            Some((old, _)) if *old != value => {
                self.b.model.defaults.remove(name);
                self.conflicting_defaults.insert(name.to_string());
            }
            _ => {
                self.b
                    .model
                    .defaults
                    .insert(name.to_string(), (value, origin));
            }
        }
    }

    /// `self.x = 64` in `__init__` makes `self.x` a constant of the file; any other store
    /// into `self.x` (another method, a loop, `+=`, a value not folded) makes it unknown,
    /// as does a store into `cls.x` or `Pool.x` for those names. Never a guess: two classes
    /// of one file that set `self.x` to different values leave it unknown.
    fn attribute_constant(&mut self, left: Node, right: Option<Node>, scope: Scope<'t>) {
        let key = compact(self.b.text_of(left));
        let in_init = scope.function != 0
            && self.b.model.functions[scope.function].name == "__init__"
            && scope.innermost_loop.is_none();
        let value = right.map_or(Expr::Unknown, |r| self.expr(r, 0));
        // (A method's scope names no class; its function does.)
        let class = match scope.class {
            Some(c) => c.to_string(),
            None => self.b.model.functions[scope.function]
                .class
                .clone()
                .unwrap_or_default(),
        };
        if key.starts_with("self.") && in_init && value != Expr::Unknown {
            self.attribute_value(key, Some(value), &class);
        } else {
            if let Some(attr) = key.strip_prefix("cls.") {
                self.b.poison_constant(&format!("self.{attr}"));
            }
            self.attribute_value(key, None, &class);
        }
    }

    /// Record a store of `value` (none: not a constant) into the attribute `key` by code of
    /// `class`; a second class storing into it makes it unknown.
    fn attribute_value(&mut self, key: String, value: Option<Expr>, class: &str) {
        let owner = self
            .attr_owner
            .entry(key.clone())
            .or_insert_with(|| class.to_string());
        match value {
            Some(v) if owner == class => self.b.add_constant(&key, v),
            _ => self.b.poison_constant(&key),
        }
    }

    /// A `self.x` constant read in another class than the one that set it (a subclass, or
    /// an unrelated class of the same file that inherits `x` from elsewhere) is not known
    /// there: it is dropped.
    fn drop_foreign_attributes(&mut self) {
        for (name, class) in self.attr_uses.take() {
            let owner = self.attr_owner.get(&name);
            if owner.is_some_and(|o| Some(o.as_str()) != class) {
                self.b.poison_constant(&name);
            }
        }
    }

    /// `x = Cache(..)`, `self.cache = mod.Cache(..)`, `x: Optional[Cache] = ..`: remember
    /// that `x` (or the attribute `cache`) holds a `Cache`, when the name is class-like.
    /// (A function's local variables are left out: calls on them stay in the function,
    /// and their names, `x` or `model`, would say little about where a method is called.)
    fn bind<'n>(
        &mut self,
        function: usize,
        left: Node<'n>,
        right: Option<Node<'n>>,
        annotation: Option<Node<'n>>,
    ) {
        let from_call = right
            .filter(|r| r.kind() == "call")
            .and_then(|r| r.child_by_field_name("function"))
            .filter(|f| matches!(f.kind(), "identifier" | "attribute"))
            .map(|f| last_dotted(self.b.text_of(f)));
        if left.kind() == "identifier" && function != 0 {
            let local = self.b.text_of(left);
            match from_call.filter(class_like) {
                Some(class) => self.instances.insert((function, local), class),
                None => self.instances.remove(&(function, local)),
            };
        }
        let (name, attr) = match left.kind() {
            "identifier" if function == 0 => (self.b.text_of(left), false),
            "attribute" => (field_text(&self.b, left, "attribute"), true),
            _ => return,
        };
        let from_type = annotation.and_then(|t| annotated_class(self.b.text_of(t)));
        if let Some(class) = from_type.or(from_call.filter(class_like)) {
            self.b
                .model
                .bindings
                .push((name.to_string(), class.to_string(), attr));
        }
    }

    /// Where an assignment sends the names on its right: onto the object (`self.x = out`,
    /// `self.d[k] = out`), into a module-level name (`POOL = out`, `CACHE[k] = out`); and
    /// which names the module's top level binds.
    fn assignment_flows<'n>(&mut self, left: Node<'n>, right: Node<'n>, scope: Scope<'t>) {
        let function = scope.function;
        if function == 0 && scope.class.is_none() {
            for target in target_names(left) {
                let name = self.b.text_of(target);
                if !self.b.model.module_names.iter().any(|n| n == name) {
                    self.b.model.module_names.push(name.to_string());
                }
            }
            return;
        }
        let target = element_slot(left)
            .and_then(|s| s.child_by_field_name("value"))
            .unwrap_or(left);
        let root = self.b.text_of(target);
        let root = crate::model::root_name(root);
        let to = if matches!(root, "self" | "cls") && target.kind() == "attribute" {
            FlowTo::Member
        } else if target.kind() == "identifier" && !self.shared_names.contains(&(function, root)) {
            // `both = (out, other)`: `out` goes where `both` goes.
            for name in carried_names(right) {
                let name = self.b.text_of(name).to_string();
                self.b
                    .model
                    .aliases
                    .push((function, name, root.to_string()));
            }
            return;
        } else if self.shared_names.contains(&(function, root))
            || (target.kind() != "identifier"
                && self.b.model.module_names.iter().any(|n| n == root)
                && !self.b.is_local(function, root))
        {
            FlowTo::Module
        } else {
            return;
        };
        self.flow(right, function, to);
    }

    /// The names `value` carries as they are (`out`, `a, out`, `[a, out]`) go to `to`.
    fn flow<'n>(&mut self, value: Node<'n>, function: usize, to: FlowTo) {
        for name in carried_names(value) {
            let name = self.b.text_of(name).to_string();
            self.b.model.flows.push((function, name, to));
        }
    }

    /// Names stored by a statement at `at`: a name, the names in a list/tuple literal, or
    /// the arguments of an object built to be stored (`out.append(Pair(host, dev))`).
    fn store_items<'n>(&mut self, value: Node<'n>, at: usize, container: &'t str) {
        let items = match value.kind() {
            "identifier" => vec![value],
            "list" | "tuple" | "set" => named_children(value)
                .into_iter()
                .map(|i| self.tensor_itself(i).unwrap_or(i))
                .collect(),
            // `buf.to(device)`: the same tensor when nothing needs copying.
            "call" if let Some(t) = self.tensor_itself(value) => vec![t],
            "call" => value
                .child_by_field_name("arguments")
                .map(named_children)
                .unwrap_or_default()
                .into_iter()
                .map(|a| match a.kind() {
                    "keyword_argument" => a.child_by_field_name("value").unwrap_or(a),
                    _ => a,
                })
                .collect(),
            _ => Vec::new(),
        };
        for item in items {
            if item.kind() == "identifier" {
                self.stores.push((self.b.text_of(item), at, container));
            }
        }
    }

    /// Does the function return earlier on a hit in a member container, so that the call
    /// runs only on a miss? `pool = self._pool.get(key)` then `if pool: return pool.pop()`,
    /// or `if key in self.cache: return self.cache[key]`, before the call, outside any loop
    /// around it: a pool or cache that refills itself (the fix ghosttax recommends).
    fn after_cache_hit_return<'n>(&self, call: Node<'n>) -> bool {
        ancestors_in_iteration(call).any(|(child, parent)| {
            parent.kind() == "block"
                && std::iter::successors(child.prev_named_sibling(), |s| s.prev_named_sibling())
                    .any(|stmt| stmt.kind() == "if_statement" && self.returns_on_hit(stmt))
        })
    }

    /// Is the call in the `else` of a pool hit (`if pool["free"]: t = pool["free"].popleft()
    /// else: t = torch.empty(.., pin_memory=True)`)? It pins only when the pool is empty:
    /// the pool grows to its high-water mark and is reused after.
    fn pool_miss<'n>(&self, call: Node<'n>) -> bool {
        let Some((branch, cond, body)) = enclosing_if(call) else {
            return false;
        };
        if branch.kind() != "else_clause" {
            return false;
        }
        let cond = compact(self.b.text_of(cond));
        let body = compact(self.b.text_of(body));
        [".pop(", ".popleft(", ".popitem("].iter().any(|pop| {
            body.match_indices(pop).any(|(at, _)| {
                let before = &body[..at];
                let start = before
                    .rfind(|c: char| {
                        !(c.is_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | '"' | '\''))
                    })
                    .map_or(0, |i| i + 1);
                let pool = &before[start..];
                !pool.is_empty() && cond.contains(pool)
            })
        })
    }

    /// Is the call inside the `if` of a grow-only buffer: `if need > self.capacity:` whose
    /// body also sets `self.capacity`? It pins again only when a larger size than any
    /// before comes: a few times per process, not once per call.
    fn grows_only<'n>(&self, call: Node<'n>) -> bool {
        let Some((child, cond, body)) = enclosing_if(call) else {
            return false;
        };
        let ordering = ["<", ">", "<=", ">="];
        let mut cursor = cond.walk();
        let compares = cond.kind() == "comparison_operator"
            && cond
                .children(&mut cursor)
                .any(|op| ordering.contains(&self.b.text_of(op)));
        if body != child || !compares {
            return false;
        }
        // A member compared, then set in the body: `self.capacity = need`.
        let body_text = compact(self.b.text_of(body));
        named_children(cond)
            .into_iter()
            .map(|n| self.b.text_of(n))
            .filter(|t| t.starts_with("self.") && !t.contains(['(', '[']))
            .any(|m| {
                let set = format!("{}=", compact(m));
                body_text
                    .match_indices(&set)
                    .any(|(at, _)| !body_text[at + set.len()..].starts_with('='))
            })
    }

    /// `if <hit>: ..; return ..` with no `else`, where `<hit>` looks a key up in a member
    /// container: directly (`key in self.cache`, `self.pool.get(key)`) or through a name
    /// bound to such a lookup earlier in the same block.
    fn returns_on_hit<'n>(&self, stmt: Node<'n>) -> bool {
        let (Some(cond), Some(body)) = (
            stmt.child_by_field_name("condition"),
            stmt.child_by_field_name("consequence"),
        ) else {
            return false;
        };
        let returns = named_children(body)
            .last()
            .is_some_and(|last| last.kind() == "return_statement");
        if !returns || stmt.child_by_field_name("alternative").is_some() {
            return false;
        }
        let member_lookup = |text: &str| {
            let text = compact(text);
            text.starts_with("self.")
                && (text.contains(".get(") || text.contains('[') || text.contains(".pop("))
        };
        let cond_text = self.b.text_of(cond);
        if member_lookup(cond_text) || compact(cond_text).contains("inself.") {
            return true;
        }
        if cond.kind() != "identifier" {
            return false;
        }
        // `pool = self._pool.get(key)` before the `if`, in the same block.
        let mut prev = stmt.prev_named_sibling();
        while let Some(s) = prev {
            let assignment = (s.kind() == "expression_statement")
                .then(|| s.named_child(0))
                .flatten()
                .filter(|a| a.kind() == "assignment");
            if let Some(a) = assignment
                && a.child_by_field_name("left")
                    .is_some_and(|l| self.b.text_of(l) == cond_text)
            {
                return a
                    .child_by_field_name("right")
                    .is_some_and(|r| member_lookup(self.b.text_of(r)));
            }
            prev = s.prev_named_sibling();
        }
        false
    }

    /// `buf.to(device)`, `buf.view(..)`: a call that gives back the tensor named `buf`
    /// itself when its device and type already match: that name.
    fn tensor_itself<'n>(&self, node: Node<'n>) -> Option<Node<'n>> {
        const SAME_TENSOR: &[&str] = &["to", "view", "view_as", "narrow", "reshape", "flatten"];
        let func = node
            .child_by_field_name("function")
            .filter(|f| node.kind() == "call" && f.kind() == "attribute")?;
        let method = field_text(&self.b, func, "attribute");
        func.child_by_field_name("object")
            .filter(|o| o.kind() == "identifier" && SAME_TENSOR.contains(&method))
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
    fn declare_targets<'n>(&mut self, target: Node<'n>, function: usize) {
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
                "default_parameter" | "typed_default_parameter" => p.child_by_field_name("name"),
                _ => named_children(p)
                    .into_iter()
                    .find(|c| c.kind() == "identifier"),
            };
            if let Some(name) = name {
                let name = self.b.text_of(name);
                self.b.declare_param(function, name);
                let default = p
                    .child_by_field_name("value")
                    .and_then(|v| self.expr(v, 0).as_argument());
                if let Some(f) = self.b.model.functions.get_mut(function) {
                    f.params.push((name.to_string(), default));
                }
                // `service: CopyService`: calls on it reach that class or a subclass.
                if let Some(class) = p
                    .child_by_field_name("type")
                    .and_then(|t| annotated_class(self.b.text_of(t)))
                {
                    self.b
                        .model
                        .typed_params
                        .push((name.to_string(), class.to_string()));
                }
                // `def offload(t, pin_memory=True)`: the flag's default.
                if p.kind() != "identifier" {
                    let default = field_text(&self.b, p, "value") == "True";
                    self.flags.insert((function, name), default);
                }
            }
        }
    }

    /// A scoped buffer bound to a name is kept when that name is stored into a container
    /// later in the same loop body.
    fn resolve_stores(&mut self) {
        let stores = std::mem::take(&mut self.stores);
        self.b.mark_later_stores(stores.iter().copied());
        self.stores = stores;
        // A pinned buffer put into (or bound to) a module-level name that its function does
        // not bind itself (or declares `global`) outlives every call.
        let mut module = Vec::new();
        for ev in self.b.model.events.iter().filter(|e| e.kind.pins()) {
            let Some(held) = ev.store.as_deref().or(ev.pointer.as_deref()) else {
                continue;
            };
            let root = crate::model::root_name(held);
            let f = ev.function;
            let global = self.shared_names.iter().any(|(g, n)| *g == f && *n == root);
            let named = self.b.model.module_names.iter().any(|n| n == root);
            if f != 0 && (global || (named && !self.b.is_local(f, root))) {
                module.push((f, root.to_string(), FlowTo::Module));
            }
        }
        self.b.model.flows.extend(module);
        // `if k not in cache: buf = alloc(); cache[k] = buf`: bound first, then stored into
        // the container the guard tests: still once per key.
        let mut once = Vec::new();
        for &(i, guard, negated) in &self.guarded {
            let ev = &self.b.model.events[i];
            let Some(name) = ev.pointer.as_deref() else {
                continue;
            };
            let body = match ev.innermost_loop {
                Some(lp) => self.b.model.loops[lp].span,
                None => self.b.model.functions[ev.function].span,
            };
            let cached = self.stores.iter().any(|(n, at, container)| {
                *n == name
                    && *at > ev.span.start
                    && *at < body.end
                    && self.b.guard_tests_absence(guard, negated, container)
            });
            if cached {
                once.push(i);
            }
        }
        for i in once {
            self.b.model.events[i].guarded_once = true;
        }
    }
}

/// The names a value carries as they are: `out`, `a, out`, `(a, out)`, `[a, out]`.
fn carried_names(value: Node) -> Vec<Node> {
    match value.kind() {
        "identifier" => vec![value],
        "expression_list" | "tuple" | "list" | "parenthesized_expression" => named_children(value)
            .into_iter()
            .filter(|i| i.kind() == "identifier")
            .collect(),
        _ => Vec::new(),
    }
}

fn field_text<'t, 'n>(b: &Builder<'t>, node: Node<'n>, field: &str) -> &'t str {
    node.child_by_field_name(field).map_or("", |n| b.text_of(n))
}

/// The (child, parent) pairs from `node` up to, not across, the function or loop that
/// holds it: the code that runs exactly as often as `node` does.
fn ancestors_in_iteration(node: Node) -> impl Iterator<Item = (Node, Node)> {
    std::iter::successors(node.parent().map(|p| (node, p)), |&(_, p)| {
        p.parent().map(|up| (p, up))
    })
    .take_while(|(_, p)| {
        !matches!(
            p.kind(),
            "function_definition" | "lambda" | "for_statement" | "while_statement"
        )
    })
}

/// Where the value of `node` goes: the outermost expression whose value it is (through
/// parentheses, and `a if c else b` when it is `a` or `b`) and that expression's parent.
fn value_of(node: Node) -> Option<(Node, Node)> {
    let mut child = node;
    let mut parent = node.parent()?;
    loop {
        let through = match parent.kind() {
            "parenthesized_expression" => true,
            // The condition (the second operand) is not the value.
            "conditional_expression" => parent.named_child(1) != Some(child),
            _ => false,
        };
        if !through {
            return Some((child, parent));
        }
        child = parent;
        parent = parent.parent()?;
    }
}

/// The subscript an assignment target stores into: `d[k]` itself, or the element whose
/// attribute it sets (`groups[i].grad = ..`: the value lives as long as the element).
fn element_slot(target: Node) -> Option<Node> {
    match target.kind() {
        "subscript" => Some(target),
        "attribute" => target
            .child_by_field_name("object")
            .filter(|o| o.kind() == "subscript"),
        _ => None,
    }
}

/// The nearest `if` around `call` that runs as often as it: the branch the call is in (its
/// consequence block or an `else`/`elif` clause), the condition, and the consequence.
fn enclosing_if<'n>(call: Node<'n>) -> Option<(Node<'n>, Node<'n>, Node<'n>)> {
    let (branch, stmt) = ancestors_in_iteration(call).find(|(_, p)| p.kind() == "if_statement")?;
    Some((
        branch,
        stmt.child_by_field_name("condition")?,
        stmt.child_by_field_name("consequence")?,
    ))
}

/// The names a binding target binds: `x`, each of `a, (b, c)`, the target of `as x`.
fn target_names(target: Node) -> Vec<Node> {
    match target.kind() {
        "identifier" => vec![target],
        "pattern_list" | "tuple_pattern" | "list_pattern" | "as_pattern_target" => {
            named_children(target)
                .into_iter()
                .flat_map(target_names)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// A name that reads as a class (`CopyService`, not `x`, `T` or `MAX_N`).
fn class_like(c: &&str) -> bool {
    c.starts_with(|ch: char| ch.is_ascii_uppercase())
        && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        && c.chars().any(|ch| ch.is_ascii_lowercase())
}

/// The class an annotation names: `Cache`, `mod.Cache`, `Optional[Cache]`, `"Cache"`.
fn annotated_class(annotation: &str) -> Option<&str> {
    let t = annotation.trim().trim_matches(|c| c == '"' || c == '\'');
    let t = t
        .strip_prefix("Optional[")
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(t);
    Some(last_dotted(t)).filter(class_like)
}

/// `torch.nn.Module` → `Module`.
fn last_dotted(text: &str) -> &str {
    text.rsplit('.').next().unwrap_or(text).trim()
}

fn compact(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The positional arguments of a call (not `k=v`, `*xs`, `**kw`).
fn positional<'n>(args: &[Node<'n>]) -> Vec<Node<'n>> {
    args.iter()
        .copied()
        .filter(|a| {
            !matches!(
                a.kind(),
                "keyword_argument" | "list_splat" | "dictionary_splat"
            )
        })
        .collect()
}

/// The widest kind of number in a literal (what torch infers a dtype from).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Literal {
    Bool,
    Int,
    Float,
}

/// A literal number or (nested) list/tuple of numbers: how many, and the widest kind.
/// `None` for anything else (a name, a call, a comprehension, an empty list).
fn literal_numbers(n: Node, depth: usize) -> Option<(u64, Literal)> {
    if depth > 64 {
        return None;
    }
    match n.kind() {
        "true" | "false" => Some((1, Literal::Bool)),
        "integer" => Some((1, Literal::Int)),
        "float" => Some((1, Literal::Float)),
        "unary_operator" => literal_numbers(n.child_by_field_name("argument")?, depth + 1),
        "list" | "tuple" => {
            let mut count = 0u64;
            let mut widest = None;
            for item in named_children(n) {
                let (c, k) = literal_numbers(item, depth + 1)?;
                count = count.checked_add(c)?;
                widest = widest.max(Some(k));
            }
            Some((count, widest?))
        }
        _ => None,
    }
}

/// Python integer literals: `1_000`, `0x10`, `0o17`, `0b101`.
fn parse_int(text: &str) -> Option<i128> {
    let t = text.replace('_', "");
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h.to_string(), 16)
    } else if let Some(o) = lower.strip_prefix("0o") {
        (o.to_string(), 8)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b.to_string(), 2)
    } else {
        (lower, 10)
    };
    i128::from_str_radix(&digits, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::parse_int;

    #[test]
    fn python_integer_literals() {
        assert_eq!(parse_int("1_000"), Some(1000));
        assert_eq!(parse_int("0x10"), Some(16));
        assert_eq!(parse_int("0o17"), Some(15));
        assert_eq!(parse_int("0b101"), Some(5));
        assert_eq!(parse_int("1e3"), None);
    }
}
