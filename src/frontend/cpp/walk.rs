//! The syntax walk: scopes (functions, classes, namespaces, `extern "C"`), statements,
//! loops with their trip counts, and loops that repeat only while a call fails.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::constants::{constant_args, expr};
use super::decls::{param_classes, params};
use super::ownership::pointer;
use super::{Cpp, declared_name, field, last_name};
use crate::catalog::MatchKind;
use crate::frontend::builder::{Scope, named_children, span};
use crate::frontend::extent::MAX_DEPTH;
use crate::model::{
    DisposalKind, EscapeKind, ExitKind, Expr, FunctionKind, LoopKind, Receiver, Span, Trips,
    root_name,
};

impl<'t> Cpp<'t, '_> {
    /// A loop that repeats only while a call fails (see `Loop::while_failing`).
    fn mark_retry(&mut self, node: Node, inner: Scope<'t>) {
        let success = &self.catalog.context.success_values;
        let statuses = node
            .field_child("condition")
            .map(|c| failure_tests(c, self.b.text, success))
            .unwrap_or_default();
        if let Some(id) = inner.innermost_loop {
            self.b.model.loops[id].while_failing = statuses;
        }
    }

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
                let params = field(node, "parameters", self.b.text);
                if let Some(exit) = crate::frontend::macros::exit_of(params, body.as_bytes())
                    && let Some(name) = node.field_child("name")
                {
                    self.exiting_macros.insert(self.b.text_of(name), exit);
                }
            }
            "preproc_def" => {
                if let (Some(name), Some(value)) =
                    (node.field_child("name"), node.field_child("value"))
                {
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
                let declarator = node.field_child("declarator");
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
                    for (param, class) in param_classes(decl, self.b.text) {
                        self.b
                            .model
                            .param_classes
                            .push((inner.function, param, class));
                    }
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
                // (Every function of a C file that is not `static` has C linkage: ctypes
                // and cffi call it by name, `lib.ob_snapshot(..)`.)
                let c_linkage = extern_c(node, self.b.text)
                    || (self.lang == crate::model::Language::C
                        && self.b.model.functions[inner.function].class.is_none()
                        && self.b.model.functions[inner.function].name != "main"
                        && !word(head, "static"));
                if c_linkage {
                    let name = self.b.model.functions[inner.function].name.clone();
                    if !name.is_empty() {
                        self.b.model.exports.push((name.clone(), name));
                    }
                }
                if let Some(body) = node.field_child("body") {
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
                if let Some(decl) = node.field_child("declarator") {
                    self.declare_params(decl, inner.function);
                }
                // `s.add_hook("flux", [&](int t) { .. })`: which argument of which call.
                if let Some(list) = node.parent().filter(|p| p.kind() == "argument_list")
                    && let Some(call) = list.parent().filter(|c| c.kind() == "call_expression")
                    && let Some(at) = named_children(list).iter().position(|a| *a == node)
                {
                    self.b.add_lambda_arg(span(call), at, inner.function);
                }
                // `return [n](const State& st) { .. };`: handed back to the caller, run where
                // what the caller keeps it in is called (`FileModel::returned_functions`).
                if node
                    .parent()
                    .is_some_and(|p| p.kind() == "return_statement")
                {
                    self.b
                        .model
                        .returned_functions
                        .push((scope.function, inner.function));
                }
                self.store_lambda(node, inner.function, scope);
                if let Some(body) = node.field_child("body") {
                    self.walk(body, inner, d);
                }
            }
            "namespace_definition" => {
                // An unnamed namespace only hides its functions from other files.
                let name = node.field_child("name").map(|n| self.b.text_of(n));
                if let Some(body) = node.field_child("body") {
                    let inner = Scope {
                        namespace: name.or(scope.namespace),
                        class: None,
                        ..scope
                    };
                    self.walk(body, inner, d);
                }
            }
            "class_specifier" | "struct_specifier" | "union_specifier" => {
                let name = node.field_child("name").map_or("", |n| self.b.text_of(n));
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
                if let Some(body) = node.field_child("body") {
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
                if let Some(init) = node.field_child("initializer") {
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
                    if let Some(c) = node.field_child(field) {
                        self.walk(c, inner, d);
                    }
                }
            }
            "for_range_loop" => {
                let right = node.field_child("right");
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
                let var = node.field_child("declarator").and_then(declared_name);
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
                if let Some(body) = node.field_child("body") {
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
                    block_end: Some(node.end_byte()),
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
                if let Some(alt) = node.field_child("alternative") {
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
                let inner = Scope {
                    once: scope.once || is_static,
                    ..scope
                };
                // (What its declaration constructs, `static PinnedVec<float> lut(n);`, too.)
                self.declaration(node, inner, is_static);
                if node.kind() == "declaration" {
                    self.allocator_container(node, scope);
                    self.value_local(node, scope);
                    // `extern "C" { int ck_step(..); }` in a header: the definition, in a
                    // `.cpp`, `.cu` or `.hip` file that includes it, has C linkage too
                    // (Rust's `extern` blocks, ctypes and cffi call it by name).
                    if scope.function == 0 && extern_c(node, self.b.text) {
                        let declared = node
                            .field_child("declarator")
                            .filter(|d| d.kind() == "function_declarator")
                            .and_then(|d| d.field_child("declarator"))
                            .filter(|n| n.kind() == "identifier")
                            .map(|n| self.b.text_of(n).to_string());
                        if let Some(name) = declared
                            && !self.b.model.exports.iter().any(|(e, _)| *e == name)
                        {
                            self.b.model.exports.push((name.clone(), name));
                        }
                    }
                }
                self.walk_children(node, inner, d);
            }
            "new_expression" => {
                if let Some(t) = node.field_child("type") {
                    let name = last_name(&self.b, t);
                    self.b.add_call(scope, name, Receiver::New, span(node));
                    let list = node.field_child("arguments");
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
                self.pinned_alias(node, scope);
                self.walk_children(node, scope, d);
            }
            "return_statement" => {
                if let Some(value) = named_children(node).first() {
                    let held: Vec<String> = self.held_by(scope, self.b.text_of(*value).trim());
                    for name in self.b.identifiers(span(*value)).into_iter().chain(held) {
                        self.b
                            .add_escape(scope, name, EscapeKind::Returned, span(node));
                    }
                    // `return od;`, `return std::move(od);`: the object itself goes to the
                    // caller (not `return od.clone();`).
                    let text = self.b.text_of(*value).trim();
                    let inner = text
                        .strip_prefix("std::move(")
                        .and_then(|t| t.strip_suffix(')'))
                        .unwrap_or(text)
                        .trim();
                    if !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || c == '_') {
                        self.b.model.flows.push((
                            scope.function,
                            inner.to_string(),
                            crate::model::FlowTo::Returned,
                        ));
                    }
                }
                self.b.add_exit(scope, ExitKind::Return, span(node));
                self.walk_children(node, scope, d);
            }
            "throw_statement" | "throw_expression" => {
                self.b.add_exit(scope, ExitKind::Throw, span(node));
                self.walk_children(node, scope, d);
            }
            "break_statement" => {
                let kind = scope.block_end.map_or(ExitKind::Break, ExitKind::BlockEnd);
                self.b.add_exit(scope, kind, span(node));
            }
            "switch_statement" => {
                let inner = Scope {
                    in_switch: true,
                    block_end: None,
                    ..scope
                };
                self.walk_children(node, inner, d);
            }
            "if_statement" => {
                let cond = node.field_child("condition");
                if let Some(c) = cond {
                    self.walk(c, scope, d);
                }
                // `if (status != cudaSuccess) {..}` (or the `else` of `== cudaSuccess`): the
                // branch a failed call takes.
                let test = cond.map_or("", |c| self.b.text_of(c));
                if test.contains("uccess") || test.contains("UCCESS") {
                    let failing = if test.contains("!=") {
                        Some("consequence")
                    } else if test.contains("==") {
                        Some("alternative")
                    } else {
                        None
                    };
                    if let (Some(c), Some(branch)) =
                        (cond, failing.and_then(|f| node.field_child(f)))
                    {
                        self.b.model.failure_branches.push((span(c), span(branch)));
                    }
                }
                for (field, negated) in [("consequence", false), ("alternative", true)] {
                    let inner = Scope {
                        guard: cond.map(span),
                        negated,
                        ..scope
                    };
                    if let Some(c) = node.field_child(field) {
                        self.walk(c, inner, d);
                    }
                }
            }
            "continue_statement" => self.b.add_exit(scope, ExitKind::Continue, span(node)),
            "goto_statement" => {
                let label = field(node, "label", self.b.text).to_string();
                self.b.add_exit(scope, ExitKind::Goto(label), span(node));
            }
            "try_statement" => {
                if let Some(body) = node.field_child("body") {
                    let handlers = named_children(node)
                        .into_iter()
                        .filter(|c| c.kind() == "catch_clause")
                        .map(span)
                        .collect();
                    self.b.model.try_blocks.push((span(body), handlers));
                }
                self.walk_children(node, scope, d);
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
                self.store_by_subscript(node, scope);
                self.flag_reset(node, scope);
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

    /// `for (int i = a; i < b; i += s)` and its variants.
    fn for_trips<'n>(&self, node: Node<'n>) -> Trips {
        let text = self.b.text;
        let (Some(init), Some(cond), Some(update)) = (
            node.field_child("initializer"),
            node.field_child("condition"),
            node.field_child("update"),
        ) else {
            return Trips::Unknown;
        };
        // Initializer: `int i = a` or `i = a`.
        let (var, start) = match init.kind() {
            "declaration" => match named_children(init)
                .into_iter()
                .find(|c| c.kind() == "init_declarator")
            {
                Some(d) => match (d.field_child("declarator"), d.field_child("value")) {
                    (Some(v), Some(e)) => (self.b.text_of(v), expr(e, text, 0)),
                    _ => return Trips::Unknown,
                },
                None => return Trips::Unknown,
            },
            "assignment_expression" if field(init, "operator", text) == "=" => {
                match (init.field_child("left"), init.field_child("right")) {
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
                let Some(right) = update.field_child("right") else {
                    return Trips::Unknown;
                };
                match field(update, "operator", text) {
                    "+=" => expr(right, text, 0),
                    "-=" => Expr::Neg(Box::new(expr(right, text, 0))),
                    "=" if right.kind() == "binary_expression"
                        && field(right, "left", text) == var =>
                    {
                        let Some(k) = right.field_child("right") else {
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
        let (Some(l), Some(r)) = (cond.field_child("left"), cond.field_child("right")) else {
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
        n = n.field_child("declarator")?;
    }
    n.field_child("declarator")
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
        let sides = [e.field_child("left"), e.field_child("right")];
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
    let (l, r) = (e.field_child("left")?, e.field_child("right")?);
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
        .field_child("body")
        .map_or(node.end_byte(), |b| b.start_byte());
    Span {
        start: node.start_byte(),
        end,
    }
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
            && p.field_child("value")
                .and_then(|v| text.get(v.byte_range()))
                .is_some_and(|v| v.trim_matches('"') == "C")
    })
}
