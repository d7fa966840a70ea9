//! Bookkeeping shared by the tree-sitter front ends: scopes, loops, constants.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use tree_sitter::Node;

use crate::model::{
    CallSite, Escape, EscapeKind, Event, Exit, ExitKind, Expr, FileModel, FuncId, Function,
    FunctionKind, Loop, LoopId, LoopKind, PtrScope, Receiver, Span, Suppression, Trips,
};

/// Where a node sits: its function, innermost loop and class.
#[derive(Clone, Copy, Debug)]
pub struct Scope<'t> {
    pub function: FuncId,
    pub innermost_loop: Option<LoopId>,
    pub class: Option<&'t str>,
    pub namespace: Option<&'t str>,
    /// Code that runs as clean-up: a `finally:` block, a destructor, a lambda.
    pub cleanup: bool,
    /// Inside a `switch` (nearer than any loop): `break` leaves the switch, not the loop.
    pub in_switch: bool,
    /// Inside a `do { .. } while (0)` block (nearer than any loop or switch): `break` jumps
    /// to its end, this offset.
    pub block_end: Option<usize>,
    /// The condition of the innermost enclosing `if`, and the names in it.
    pub guard: Option<Span>,
    /// In the `else` branch of that `if`.
    pub negated: bool,
    /// The `if` around that one, when the front end tracks it (`if k not in cache:` then
    /// `if pin:`), and whether in its `else`.
    pub outer_guard: Option<(Span, bool)>,
    /// Inside a function-local `static` initialiser: runs once.
    pub once: bool,
}

/// Does `body` (a loop's text) count `name` up by one (`name += 1`, `++name`, `name++`,
/// `name = name + 1`) and assign it nothing else? Then `name == 0` holds on one iteration.
fn counts_up(body: &str, name: &str) -> bool {
    let text: String = body.split_whitespace().collect();
    let steps = [
        format!("{name}+=1"),
        format!("++{name}"),
        format!("{name}++"),
        format!("{name}={name}+1"),
    ];
    let own = |at: usize| {
        !text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '>')
            && !text[at + name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    };
    let counted = steps.iter().any(|s| {
        text.match_indices(s.as_str()).any(|(at, _)| {
            let start = if s.starts_with("++") { at + 2 } else { at };
            own(start)
        })
    });
    // Any other assignment (`name = 0`, `name -= 1`, `name *= 2`) resets or skips.
    let assigned = text.match_indices(name).any(|(at, _)| {
        own(at) && {
            let rest = &text[at + name.len()..];
            (rest.starts_with('=')
                && !rest.starts_with("==")
                && !rest.starts_with(&format!("={name}+1")))
                || ["-=", "*=", "/=", "%=", "<<=", ">>=", "--"]
                    .iter()
                    .any(|op| rest.starts_with(op))
                || (rest.starts_with("+=") && !rest.starts_with("+=1"))
        }
    });
    counted && !assigned
}

/// The names a condition pins to one value in every clause it needs: `step == 0`,
/// `0 == s`, `not i`, `!i`, joined by `and` / `&&` (an `or` pins nothing).
fn first_iteration_names(cond: &str) -> Vec<&str> {
    if cond.contains(" or ") || cond.contains("||") {
        return Vec::new();
    }
    let is_name = |w: &str| {
        !w.is_empty()
            && w.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !w.starts_with(|c: char| c.is_ascii_digit())
    };
    let is_int = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    cond.split(" and ")
        .flat_map(|p| p.split("&&"))
        .filter_map(|part| {
            let part = part.trim().trim_matches(|c| c == '(' || c == ')').trim();
            if let Some((a, b)) = part.split_once("==") {
                let (a, b) = (a.trim(), b.trim());
                if is_name(a) && is_int(b) {
                    return Some(a);
                }
                if is_int(a) && is_name(b) {
                    return Some(b);
                }
                return None;
            }
            let rest = part
                .strip_prefix("not ")
                .or_else(|| part.strip_prefix('!'))?
                .trim();
            is_name(rest).then_some(rest)
        })
        .collect()
}

/// The variable a C-family `for` declares or sets first: `for (int s = 0; ..)` → `s`.
pub(super) fn c_loop_variable(header: &str) -> Option<String> {
    let inner = header.split_once('(')?.1;
    let init = inner.split(';').next()?;
    let (lhs, _) = init.split_once('=')?;
    let name = lhs
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .rfind(|w| !w.is_empty())?;
    (!name.starts_with(|c: char| c.is_ascii_digit())).then(|| name.to_string())
}

/// Does `cond` test that `name` is absent? `k not in name`, `name is None`,
/// `name.get(k) is None`, `not hasattr(self, "name")`, `not name`, `!name`, `!this->name`,
/// `name == nullptr` / `NULL` / `0` / `None`, `name.find(k) == name.end()`. A test for
/// presence (`is not None`, `!= nullptr`) is not one.
fn absence_test(cond: &str, name: &str) -> bool {
    let c: String = cond.split_whitespace().collect::<Vec<_>>().join(" ");
    let words = |s: &str| -> bool {
        s.split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .any(|w| w == name)
    };
    if !words(&c) {
        return false;
    }
    let has = |p: String| c.contains(&p);
    let ends_with_name = |prefix: &str| {
        c.match_indices(prefix).any(|(i, _)| {
            let rest = &c[i + prefix.len()..];
            let rest = rest
                .trim_start_matches("self.")
                .trim_start_matches("this->");
            rest.starts_with(name)
                && !rest[name.len()..].starts_with(|ch: char| ch.is_alphanumeric() || ch == '_')
        })
    };
    has(format!("not in self.{name}"))
        || has(format!("not in {name}"))
        || has(format!("{name} is None"))
        || has(format!("{name} == None"))
        || (has(format!("{name}.get(")) && c.contains("is None"))
        || (c.contains("not hasattr") && (has(format!("\"{name}\"")) || has(format!("'{name}'"))))
        || ends_with_name("not ")
        || ends_with_name("!")
        || has(format!("{name} == nullptr"))
        || has(format!("{name} == NULL"))
        || has(format!("{name} == 0"))
        || has(format!("nullptr == {name}"))
        || has(format!("NULL == {name}"))
        || (has(format!("{name}.end()")) && c.contains("=="))
        || has(format!("{name}.count(")) && c.contains("== 0")
        || has(format!("{name}.is_none()"))
        || (has(format!(".find({name})")) && c.contains(".end()") && c.contains("=="))
        || (has(format!(".count({name})")) && c.contains("== 0"))
}

/// Does `cond` test that `name` is present? Its `else` branch is then the absence branch.
fn presence_test(cond: &str, name: &str) -> bool {
    let c: String = cond.split_whitespace().collect::<Vec<_>>().join(" ");
    let has = |p: String| c.contains(&p);
    (has(format!(" in self.{name}")) || has(format!(" in {name}"))) && !c.contains("not in")
        || has(format!("{name} is not None"))
        || has(format!("{name} != nullptr"))
        || has(format!("{name} != NULL"))
        || (c.starts_with("hasattr") && (has(format!("\"{name}\"")) || has(format!("'{name}'"))))
        || (has(format!(".find({name})")) && c.contains(".end()") && c.contains("!="))
}

/// Functions whose body is clean-up code: what they release is released on every path.
const CLEANUP_FUNCTIONS: &[&str] = &[
    "__del__",
    "__exit__",
    "__aexit__",
    "close",
    "release",
    "drop",
];

pub struct Builder<'t> {
    pub text: &'t str,
    pub model: FileModel,
    params: HashMap<FuncId, HashSet<&'t str>>,
    locals: HashMap<FuncId, HashSet<&'t str>>,
    /// Function-local `static` variables.
    statics: HashMap<FuncId, HashSet<&'t str>>,
    /// Events whose pointer scope is decided once every declaration is known:
    /// (event, root name of the pointer, written as a member access).
    pending_scopes: Vec<(usize, String, bool)>,
    /// Members are reached without `this->` in C++ methods; Python needs `self.`.
    pub implicit_members: bool,
    /// Names bound to different values in different places are not constants.
    conflicting: HashSet<String>,
    pub too_deep: bool,
}

pub fn span(node: Node) -> Span {
    Span {
        start: node.start_byte(),
        end: node.end_byte(),
    }
}

impl<'t> Builder<'t> {
    pub fn new(text: &'t str) -> Builder<'t> {
        let mut model = FileModel::default();
        model.functions.push(Function {
            name: "<module>".into(),
            kind: FunctionKind::TopLevel,
            class: None,
            namespace: None,
            span: Span {
                start: 0,
                end: text.len(),
            },
            name_span: Span::default(),
            parent: None,
            passed_as: None,
            dispatched: false,
            params: Vec::new(),
            requested: Vec::new(),
            test: false,
            macro_def: false,
        });
        Builder {
            text,
            model,
            params: HashMap::default(),
            locals: HashMap::default(),
            statics: HashMap::default(),
            pending_scopes: Vec::new(),
            implicit_members: false,
            conflicting: HashSet::default(),
            too_deep: false,
        }
    }

    pub fn root_scope(&self) -> Scope<'t> {
        Scope {
            function: 0,
            innermost_loop: None,
            class: None,
            namespace: None,
            cleanup: false,
            in_switch: false,
            block_end: None,
            guard: None,
            negated: false,
            outer_guard: None,
            once: false,
        }
    }

    pub fn text_of(&self, node: Node) -> &'t str {
        self.text.get(node.byte_range()).unwrap_or("")
    }

    pub fn enter_function(
        &mut self,
        scope: Scope<'t>,
        name: String,
        kind: FunctionKind,
        class: Option<String>,
        whole: Span,
        name_span: Option<Span>,
    ) -> Scope<'t> {
        let id = self.model.functions.len();
        let cleanup = kind == FunctionKind::Lambda
            || name.starts_with('~')
            || CLEANUP_FUNCTIONS.contains(&name.as_str());
        self.model.functions.push(Function {
            name,
            kind,
            class,
            namespace: scope.namespace.map(str::to_string),
            span: whole,
            name_span: name_span.unwrap_or(Span {
                start: whole.start,
                end: whole.start,
            }),
            parent: Some(scope.function),
            passed_as: None,
            dispatched: false,
            params: Vec::new(),
            requested: Vec::new(),
            test: false,
            macro_def: false,
        });
        Scope {
            function: id,
            innermost_loop: None,
            class: scope.class,
            namespace: scope.namespace,
            cleanup,
            in_switch: false,
            block_end: None,
            guard: None,
            negated: false,
            outer_guard: None,
            once: false,
        }
    }

    pub fn enter_loop(
        &mut self,
        scope: Scope<'t>,
        kind: LoopKind,
        whole: Span,
        header: Span,
        trips: Trips,
    ) -> Scope<'t> {
        let id = self.model.loops.len();
        // `for (..) {`: the label stops at the closing parenthesis, not the space after it.
        let trimmed = self
            .text
            .get(header.start..header.end)
            .map_or(0, |h| h.len() - h.trim_end().len());
        let header = Span {
            end: header.end - trimmed,
            ..header
        };
        let words: Vec<&str> = self
            .text
            .get(header.start..header.end)
            .unwrap_or("")
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        let endless = matches!(
            words.as_slice(),
            ["loop"] | ["while"] | ["while", "True" | "true"] | ["for"]
        ) && matches!(kind, LoopKind::While | LoopKind::For | LoopKind::DoWhile);
        self.model.loops.push(Loop {
            kind,
            endless,
            over_config: false,
            distinct: Vec::new(),
            span: whole,
            header,
            trips,
            function: scope.function,
            parent: scope.innermost_loop,
            element: None,
            walks: None,
            targets: Vec::new(),
            while_failing: Vec::new(),
            names: self
                .text
                .get(header.start..header.end)
                .unwrap_or("")
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
                .take(32)
                .map(str::to_string)
                .collect(),
        });
        Scope {
            innermost_loop: Some(id),
            in_switch: false,
            block_end: None,
            ..scope
        }
    }

    /// Does the innermost `if` around `scope` test that `dest` is absent (`not in`, `is
    /// None`, `not hasattr`, `!p`, `== nullptr`, `== m.end()`)? Then a call storing into
    /// `dest` there runs once per key, not once per iteration.
    /// The loop that repeats an event at `scope`: the innermost, unless the `if` around
    /// it lets only one iteration through (`if step == 0:`, `if (s == 0 && e == 0)`), in
    /// which case the loops whose variables it pins do not repeat it.
    pub fn event_loop(&self, scope: Scope<'t>) -> Option<LoopId> {
        let mut at = scope.innermost_loop;
        if scope.negated {
            return at;
        }
        let Some(cond) = scope.guard.and_then(|g| self.text.get(g.start..g.end)) else {
            return at;
        };
        let pinned = first_iteration_names(cond);
        while let Some(l) = at {
            let lp = &self.model.loops[l];
            let header = self.text.get(lp.header.start..lp.header.end).unwrap_or("");
            // The loop's counter: C's `for (int s = 0; ..)`, Python's `for i in range(..)`
            // or `for i, x in enumerate(..)` (an element compared to 0 is a value test).
            let counter = if lp.targets.is_empty() {
                c_loop_variable(header)
            } else if header.contains("enumerate(") || header.contains("range(") {
                lp.targets.first().cloned()
            } else {
                None
            };
            // Or a counter the loop keeps by hand (`step = 0` before it, `step += 1` in it).
            let body = self.text.get(lp.span.start..lp.span.end).unwrap_or("");
            if lp.function != scope.function
                || !(counter.is_some_and(|v| pinned.contains(&v.as_str()))
                    || pinned.iter().any(|n| counts_up(body, n)))
            {
                break;
            }
            at = lp.parent;
        }
        at
    }

    pub fn guards_absence(&self, scope: Scope<'t>, dest: &str) -> bool {
        let Some(g) = scope.guard else {
            return false;
        };
        let cond = self.text.get(g.start..g.end).unwrap_or("");
        // The destination's own name: `self.cache[k]` → `cache`, `bufs[i]` → `bufs`.
        let base = dest.split('[').next().unwrap_or(dest);
        let name = base.rsplit(['.', '>', ':']).next().unwrap_or(base).trim();
        if name.is_empty() {
            return false;
        }
        if scope.negated {
            presence_test(cond, name)
        } else {
            absence_test(cond, name)
        }
    }

    /// `guards_absence` for a guard condition given by span.
    pub fn guard_tests_absence(&self, guard: Span, negated: bool, dest: &str) -> bool {
        let scope = Scope {
            guard: Some(guard),
            negated,
            ..self.root_scope()
        };
        self.guards_absence(scope, dest)
    }

    /// Record an event; its pointer's scope is decided in `finish` from `root` (the
    /// variable the pointer expression starts from) and `member` (`this->`/`self.`).
    pub fn add_event(&mut self, event: Event, root: Option<&str>, member: bool) {
        if let Some(root) = root {
            self.pending_scopes
                .push((self.model.events.len(), root.to_string(), member));
        }
        self.model.events.push(event);
    }

    pub fn add_exit(&mut self, scope: Scope<'t>, kind: ExitKind, at: Span) {
        if kind == ExitKind::Break && scope.in_switch {
            return;
        }
        let guard_names = scope.guard.map_or_else(Vec::new, |g| self.identifiers(g));
        self.model.exits.push(Exit {
            kind,
            span: at,
            function: scope.function,
            innermost_loop: scope.innermost_loop,
            guard: scope.guard,
            guard_names,
            null_tests: scope.guard.map(|g| self.null_tests_for(scope.function, g)),
        });
    }

    /// `null_tests` where a rule reads them: in a function with a call that returns its
    /// buffer into its status variable (`void* p = mr.allocate(n)`), pinned before the
    /// exit; elsewhere none (reading every guard of every exit was 4.5% of a Python run).
    pub fn null_tests_for(&self, function: crate::model::FuncId, cond: Span) -> Vec<String> {
        let read = self.model.events.iter().any(|e| {
            e.function == function
                && e.status_var.is_some()
                && e.status_var.as_deref() == e.pointer.as_deref()
        });
        if read {
            self.null_tests(cond)
        } else {
            Vec::new()
        }
    }

    /// The names a condition tests for null or absence, whatever its polarity (`!p`, `p
    /// == nullptr`, `p is None`, `p != NULL`; `absence_test`, `presence_test`).
    pub fn null_tests(&self, cond: Span) -> Vec<String> {
        let text = self.text.get(cond.start..cond.end).unwrap_or("");
        let mut names = self.identifiers(cond);
        names.retain(|n| absence_test(text, n) || presence_test(text, n));
        names.dedup();
        names
    }

    /// The identifiers in an expression (at most 64): what a returned or stored composite
    /// value (`HostBatch{p, n}`) carries out of the function.
    pub fn identifiers(&self, expr: Span) -> Vec<String> {
        self.text
            .get(expr.start..expr.end)
            .unwrap_or("")
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
            .take(64)
            .map(str::to_string)
            .collect()
    }

    /// A pinned value bound to a name is kept when that name is stored into a container
    /// (given as `(name, offset, container)`) later in the same loop body, or outside loops
    /// in the same function; the container is where it goes (`Event::store`).
    pub fn mark_later_stores<'a>(
        &mut self,
        stores: impl Iterator<Item = (&'a str, usize, &'a str)> + Clone,
    ) {
        let model = &mut self.model;
        for ev in &mut model.events {
            if ev.stored_in_container || !ev.kind.repeats_matter() {
                continue;
            }
            let Some(name) = ev.pointer.as_deref() else {
                continue;
            };
            let body = match ev.innermost_loop {
                Some(lp) => model.loops[lp].span,
                None => model.functions[ev.function].span,
            };
            // `p_host.grad = pin(..)` then `kept[k] = p_host`: the buffer is kept with the
            // object it was stored into (not `self`, whose attribute the next iteration
            // overwrites).
            let owner = name
                .split_once('.')
                .map(|(o, _)| o)
                .filter(|o| !matches!(*o, "self" | "cls" | "this"));
            // `slot = Slot(i, host)` then `slots.append(slot)`: kept with what it went into.
            let carried = |n: &str| {
                model
                    .aliases
                    .iter()
                    .any(|(f, from, into)| *f == ev.function && from == name && into == n)
            };
            let later = stores.clone().find(|&(n, at, _)| {
                (n == name || Some(n) == owner || carried(n)) && at > ev.span.start && at < body.end
            });
            if let Some((_, _, container)) = later {
                ev.stored_in_container = true;
                ev.store = Some(container.split_whitespace().collect());
            }
        }
    }

    /// A call's value bound to a plain local is kept when that local is stored into a
    /// container later in the same loop body, or outside loops in the same function
    /// (`CallSite::result_kept`).
    pub fn mark_kept_results<'a>(
        &mut self,
        stores: impl Iterator<Item = (&'a str, usize)> + Clone,
    ) {
        let model = &mut self.model;
        for call in &mut model.calls {
            let Some(name) = call
                .result
                .as_deref()
                .filter(|r| *r != crate::model::RETURNED && !r.contains(['.', '[', '-', '>']))
            else {
                continue;
            };
            let body = match call.innermost_loop {
                Some(lp) => model.loops[lp].span,
                None => model.functions[call.function].span,
            };
            call.result_kept |= stores
                .clone()
                .any(|(n, at)| n == name && at > call.span.start && at < body.end);
        }
    }

    pub fn add_escape(&mut self, scope: Scope<'t>, name: String, kind: EscapeKind, at: Span) {
        if name.is_empty() {
            return;
        }
        self.model.escapes.push(Escape {
            name,
            kind,
            function: scope.function,
            span: at,
            target: None,
        });
    }

    /// `container.append(item)`: the buffer `item` joins the collection `container` (its
    /// scope is decided in `finish`, once every declaration is known).
    pub fn add_slot_store(&mut self, scope: Scope<'t>, item: String, container: String, at: Span) {
        if item.is_empty() || container.is_empty() {
            return;
        }
        self.model.slot_stores.push(crate::model::SlotStore {
            item,
            container,
            scope: PtrScope::Local,
            function: scope.function,
            span: at,
        });
    }

    /// `target = name` stores the buffer into `target`, which outlives the function.
    pub fn add_store(&mut self, scope: Scope<'t>, name: String, target: String, at: Span) {
        self.add_escape(scope, name, EscapeKind::Stored, at);
        if let Some(e) = self.model.escapes.last_mut() {
            e.target = Some(target);
        }
    }

    /// Comments that are direct children of a node whose walk visits only some of its
    /// fields (tree-sitter attaches a comment between a header and its body to the parent).
    pub fn direct_comments(&mut self, node: Node) {
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                if cursor.node().kind() == "comment" {
                    self.comment(span(cursor.node()));
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
    }

    /// Record a comment if it is a `ghosttax: ignore` suppression.
    pub fn comment(&mut self, comment: Span) {
        let text = self.text.get(comment.start..comment.end).unwrap_or("");
        let Some(at) = text.find("ghosttax:") else {
            return;
        };
        let rest = text[at + "ghosttax:".len()..].trim_start();
        let (file_level, rest) = if let Some(r) = rest.strip_prefix("ignore-file") {
            (true, r)
        } else if let Some(r) = rest.strip_prefix("ignore") {
            (false, r)
        } else {
            return;
        };
        let codes = match rest.strip_prefix('[') {
            Some(list) => list
                .split(']')
                .next()
                .unwrap_or("")
                .split(',')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect(),
            None => Vec::new(),
        };
        let line_start = self.text[..comment.start]
            .rfind(['\n', '\r'])
            .map_or(0, |i| i + 1);
        let own_line = self.text[line_start..comment.start].trim().is_empty();
        // A comment in a part parsed with every group (`frontend::items`) is seen again.
        if self.model.suppressions.iter().any(|s| s.span == comment) {
            return;
        }
        self.model.suppressions.push(Suppression {
            span: comment,
            own_line,
            file_level,
            codes,
        });
    }

    /// A buffer named inside a lambda defined in its function may outlive the call.
    pub fn capture_escapes(&mut self) {
        let model = &self.model;
        let mut found = Vec::new();
        for lambda in model
            .functions
            .iter()
            .filter(|f| f.kind == FunctionKind::Lambda)
        {
            let Some(parent) = lambda.parent else {
                continue;
            };
            let body = self
                .text
                .get(lambda.span.start..lambda.span.end)
                .unwrap_or("");
            for ev in model.events.iter().filter(|e| e.function == parent) {
                let Some(name) = ev.pointer.as_deref() else {
                    continue;
                };
                let root = crate::model::root_name(name);
                let mentioned = body
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == root);
                if mentioned {
                    found.push(Escape {
                        name: name.to_string(),
                        kind: EscapeKind::Captured,
                        function: parent,
                        span: lambda.span,
                        target: None,
                    });
                }
            }
        }
        self.model.escapes.extend(found);
    }

    /// The flag the innermost `if` around `scope` tests, and the value it needs there:
    /// `if (is_tmp)` → (`is_tmp`, true), its `else` → false; `if not pin:` → (`pin`, false).
    /// Of a conjunction (`if pin and dev == "cpu":`, `if (pinned && n)`), the first operand
    /// that is a flag, outside its `else` (which runs when any operand is false).
    pub fn condition(&self, scope: Scope) -> Option<(String, bool)> {
        let cond = self.text.get(scope.guard?.start..scope.guard?.end)?.trim();
        let flag = |c: &str| {
            let mut c = c.trim();
            while let Some(inner) = c.strip_prefix('(').and_then(|c| c.strip_suffix(')')) {
                c = inner.trim();
            }
            let (name, positive) = match c.strip_prefix('!').or_else(|| c.strip_prefix("not ")) {
                Some(rest) => (rest.trim(), false),
                None => (c, true),
            };
            let simple = !name.is_empty()
                && !name.starts_with(|ch: char| ch.is_ascii_digit())
                && name
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '_');
            simple.then(|| (name.to_string(), positive))
        };
        if let Some((name, positive)) = flag(cond) {
            return Some((name, positive != scope.negated));
        }
        if scope.negated {
            return None;
        }
        conjuncts(cond)?.into_iter().find_map(flag)
    }

    pub fn declare_param(&mut self, function: FuncId, name: &'t str) {
        self.params.entry(function).or_default().insert(name);
    }

    pub fn declare_local(&mut self, function: FuncId, name: &'t str) {
        self.locals.entry(function).or_default().insert(name);
    }

    /// Is `name` bound in `function` (a local or parameter), so that it is not the
    /// module's name of the same spelling?
    pub fn is_local(&self, function: FuncId, name: &str) -> bool {
        self.locals.get(&function).is_some_and(|l| l.contains(name))
            || self.params.get(&function).is_some_and(|l| l.contains(name))
    }

    pub fn declare_static(&mut self, function: FuncId, name: &'t str) {
        self.statics.entry(function).or_default().insert(name);
    }

    pub fn is_param(&self, function: FuncId, name: &str) -> bool {
        self.params.get(&function).is_some_and(|s| s.contains(name))
    }

    pub fn is_declared(&self, function: FuncId, name: &str) -> bool {
        self.is_param(function, name)
            || self.locals.get(&function).is_some_and(|s| s.contains(name))
    }

    /// A variable assigned in `function` that is not one of its parameters: never the
    /// name of a function handed over (`spawn(worker, 0)`), so a call's plain-name
    /// arguments leave it out (they are kept for every call, so this is most of them).
    pub fn is_plain_local(&self, function: FuncId, name: &str) -> bool {
        !self.is_param(function, name)
            && self.locals.get(&function).is_some_and(|s| s.contains(name))
    }

    /// Where `root` lives as seen from `function`: a lambda sees its own parameters and
    /// locals, then those of the functions around it.
    fn scope_of(&self, function: FuncId, root: &str, member: bool) -> PtrScope {
        if member {
            return PtrScope::Member;
        }
        let mut f = function;
        loop {
            if self.params.get(&f).is_some_and(|s| s.contains(root)) {
                return PtrScope::Param;
            }
            if f != 0 && self.statics.get(&f).is_some_and(|s| s.contains(root)) {
                return PtrScope::Static;
            }
            if f != 0 && self.locals.get(&f).is_some_and(|s| s.contains(root)) {
                return PtrScope::Local;
            }
            let func = &self.model.functions[f];
            match (func.kind, func.parent) {
                (FunctionKind::Lambda, Some(parent)) => f = parent,
                _ => break,
            }
        }
        if self.implicit_members && self.model.functions[f].class.is_some() {
            PtrScope::Member
        } else {
            PtrScope::Global
        }
    }

    pub fn add_call(&mut self, scope: Scope<'t>, callee: &str, receiver: Receiver, at: Span) {
        self.model.calls.push(CallSite {
            callee: callee.to_string(),
            receiver,
            span: at,
            function: scope.function,
            innermost_loop: scope.innermost_loop,
            guarded_once: scope.once,
            guard: scope.guard,
            receiver_attr: None,
            args: Vec::new(),
            positional: 0,
            starts_thread: false,
            arg_roots: Vec::new(),
            name_args: Vec::new(),
            scoped: false,
            result: None,
            result_kept: false,
            result_reused: false,
            counter_args: Vec::new(),
            varying_args: Vec::new(),
            typed_args: Vec::new(),
            lambda_args: Vec::new(),
            factory_args: Vec::new(),
            listed_args: Vec::new(),
            property_read: false,
        });
    }

    /// A lambda entered as positional argument `position` of the call spanning `call`
    /// (see `CallSite::lambda_args`).
    pub fn add_lambda_arg(&mut self, call: Span, position: usize, lambda: FuncId) {
        if let Some(c) = self.model.calls.iter_mut().rev().find(|c| c.span == call)
            && let Ok(position) = u8::try_from(position)
        {
            c.lambda_args.push((position, lambda));
        }
    }

    /// A call of `factory` as positional argument `position` of the call spanning `call`
    /// (see `CallSite::factory_args`).
    pub fn add_factory_arg(&mut self, call: Span, position: usize, factory: String) {
        if let Some(c) = self.model.calls.iter_mut().rev().find(|c| c.span == call)
            && let Ok(position) = u8::try_from(position)
        {
            c.factory_args.push((position, factory));
        }
    }

    /// Function `f` named in a list or tuple handed over as positional argument `position`
    /// of the call spanning `call` (see `CallSite::listed_args`).
    pub fn add_listed_arg(&mut self, call: Span, position: usize, f: String) {
        if let Some(c) = self.model.calls.iter_mut().rev().find(|c| c.span == call)
            && let Ok(position) = u8::try_from(position)
            && !c.listed_args.contains(&(position, f.clone()))
        {
            c.listed_args.push((position, f));
        }
    }

    /// Parameter `param` of `function` is stored into the container `container`
    /// (see `FileModel::param_elements`).
    pub fn store_param(&mut self, function: FuncId, param: &str, container: &str) {
        let entry = (
            function,
            param.to_string(),
            crate::model::element_key(container),
        );
        if self.is_param(function, param) && !self.model.param_elements.contains(&entry) {
            self.model.param_elements.push(entry);
        }
    }

    /// Say where the value of the call just added goes (`CallSite::result`).
    pub fn set_last_result(&mut self, result: Option<String>) {
        if let Some(c) = self.model.calls.last_mut() {
            c.result = result;
        }
    }

    /// Say that a container keeps the value of the call just added
    /// (`CallSite::result_kept`).
    pub fn keep_last_result(&mut self) {
        if let Some(c) = self.model.calls.last_mut() {
            c.result_kept = true;
        }
    }

    /// Mark the call just added as the start of a thread running its callee.
    pub fn thread_last_call(&mut self) {
        if let Some(c) = self.model.calls.last_mut() {
            c.starts_thread = true;
        }
    }

    /// Give the call just added its plain-name arguments (see `CallSite::name_args`).
    pub fn set_last_name_args(&mut self, mut names: Vec<(u8, String)>) {
        if let Some(c) = self.model.calls.last_mut() {
            // Kept on every call until the run's functions are known: no spare capacity.
            names.shrink_to_fit();
            c.name_args = names;
        }
    }

    /// Give the call just added the arguments that are counters of the file
    /// (`CallSite::counter_args`), from its arguments as (keyword, position, text): a text
    /// the file steps (`FileModel::counters`) is one.
    pub fn set_last_counter_args(
        &mut self,
        args: impl IntoIterator<Item = (Option<String>, usize, String)>,
    ) {
        let counters = &self.model.counters;
        let found: Vec<(Option<String>, u8, String)> = args
            .into_iter()
            .filter(|(_, _, text)| counters.contains(text))
            .map(|(key, at, text)| (key, u8::try_from(at).unwrap_or(u8::MAX), text))
            .collect();
        if let Some(c) = self.model.calls.last_mut()
            && !found.is_empty()
        {
            c.counter_args = found;
        }
    }

    /// Give the call just added its constant arguments (see `CallSite::args`).
    pub fn set_last_args(&mut self, args: Vec<(Option<String>, usize, Expr)>, positional: usize) {
        if let Some(c) = self.model.calls.last_mut() {
            c.args = args;
            c.positional = u8::try_from(positional).unwrap_or(u8::MAX);
        }
    }

    /// Give the call just added the names its arguments start from (`CallSite::arg_roots`).
    pub fn set_last_arg_roots(&mut self, roots: Vec<String>) {
        if let Some(c) = self.model.calls.last_mut() {
            c.arg_roots = roots;
        }
    }

    /// Mark the call just added as a local object's construction (`CallSite::scoped`).
    pub fn scoped_last_call(&mut self) {
        if let Some(c) = self.model.calls.last_mut() {
            c.scoped = true;
        }
    }

    /// The call just added is made on `object` under `if object is not None:` (or `if
    /// object:`, `if (object != nullptr)`) and nothing else: that `if` only skips a missing
    /// object, it is no branch on the program's state (`CallSite::guard`).
    pub fn unguard_presence_of(&mut self, scope: Scope<'t>, object: &str) {
        let Some(cond) = scope
            .guard
            .filter(|_| !scope.negated)
            .and_then(|g| self.text.get(g.start..g.end))
        else {
            return;
        };
        let c: String = cond.split_whitespace().collect::<Vec<_>>().join(" ");
        let c = c.trim_matches(|ch| ch == '(' || ch == ')').trim();
        let only_presence = c == object
            || [" is not None", " != nullptr", " != NULL", " != None"]
                .iter()
                .any(|t| c.strip_suffix(t) == Some(object));
        if only_presence && let Some(call) = self.model.calls.last_mut() {
            call.guard = scope
                .outer_guard
                .filter(|(_, negated)| !negated)
                .map(|(g, _)| g);
        }
    }

    /// Mark the call just added as guarded once (see `CallSite::guarded_once`).
    pub fn guard_last_call(&mut self) {
        if let Some(c) = self.model.calls.last_mut() {
            c.guarded_once = true;
        }
    }

    /// Was `name` bound twice to different values?
    pub fn is_conflicting(&self, name: &str) -> bool {
        self.conflicting.contains(name)
    }

    /// Record `name = value`; a second, different binding makes the name unknown.
    pub fn add_constant(&mut self, name: &str, value: Expr) {
        if self.conflicting.contains(name) {
            return;
        }
        match self.model.constants.get(name) {
            Some(old) if *old != value => {
                self.model.constants.remove(name);
                self.conflicting.insert(name.to_string());
            }
            _ => {
                self.model.constants.insert(name.to_string(), value);
            }
        }
    }

    /// A name that is assigned somewhere it cannot be folded is not a constant.
    pub fn poison_constant(&mut self, name: &str) {
        self.model.constants.remove(name);
        self.conflicting.insert(name.to_string());
    }

    /// The roots of the pointers pins so far write to that live at file scope (not a
    /// parameter, local, static or member of the pinning function).
    pub fn file_scope_pointers(&self) -> Vec<&str> {
        self.pending_scopes
            .iter()
            .filter(|(i, root, member)| {
                !member
                    && self.scope_of(self.model.events[*i].function, root, false)
                        == PtrScope::Global
            })
            .map(|(_, root, _)| root.as_str())
            .collect()
    }

    pub fn finish(mut self) -> FileModel {
        for (i, root, member) in std::mem::take(&mut self.pending_scopes) {
            let function = self.model.events[i].function;
            let mut scope = self.scope_of(function, &root, member);
            // C family (members implicit): `cudaHostAlloc(&work->h_data, ..)`, a field of
            // the object a local points to (a thread's work item), is that object's, freed
            // wherever it is handled.
            let field_of_object = self.model.events[i].pointer.as_deref().is_some_and(|p| {
                p.strip_prefix(root.as_str())
                    .is_some_and(|rest| rest.starts_with("->") || rest.starts_with('.'))
            });
            if scope == PtrScope::Local && field_of_object && self.implicit_members {
                scope = PtrScope::Global;
            }
            self.model.events[i].pointer_scope = scope;
        }
        let slots: Vec<PtrScope> = self
            .model
            .slot_stores
            .iter()
            .map(|s| {
                let root = crate::model::root_name(&s.container);
                let member = matches!(root, "self" | "cls") && s.container.len() > root.len();
                self.scope_of(s.function, root, member)
            })
            .collect();
        for (s, scope) in self.model.slot_stores.iter_mut().zip(slots) {
            s.scope = scope;
        }
        if self.too_deep {
            self.model.notes.push(format!(
                "nesting too deep (over {} levels), file partly checked",
                super::extent::MAX_DEPTH
            ));
        }
        // Kept until the end of the run, in the thousands: no growth slack.
        let m = &mut self.model;
        m.functions.shrink_to_fit();
        m.loops.shrink_to_fit();
        m.events.shrink_to_fit();
        m.calls.shrink_to_fit();
        m.exits.shrink_to_fit();
        m.escapes.shrink_to_fit();
        self.model
    }
}

/// Every `Name` an expression refers to.
pub fn names_in(expr: &Expr, out: &mut Vec<String>) {
    let mut stack = vec![expr];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Name(n) => out.push(n.clone()),
            Expr::Neg(inner) => stack.push(inner),
            Expr::Binary(_, l, r) => {
                stack.push(l);
                stack.push(r);
            }
            _ => {}
        }
    }
}

/// Named children of a node, skipping comments.
/// The named siblings before `node`, nearest first. (tree-sitter's `prev_named_sibling`
/// scans from the parent's first child, so walking back by it is quadratic in the block.)
pub fn earlier_siblings<'a>(node: Node<'a>) -> impl Iterator<Item = Node<'a>> {
    let before: Vec<Node<'a>> = node
        .parent()
        .map(|p| {
            let mut cursor = p.walk();
            p.named_children(&mut cursor)
                .take_while(|c| c.id() != node.id() && c.start_byte() <= node.start_byte())
                .collect()
        })
        .unwrap_or_default();
    before.into_iter().rev()
}

pub fn named_children<'a>(node: Node<'a>) -> Vec<Node<'a>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect()
}

/// The operands of a top-level conjunction (`a and b`, `a && b`); `None` for anything
/// else, a disjunction mixed in included.
fn conjuncts(cond: &str) -> Option<Vec<&str>> {
    let b = cond.as_bytes();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    let mut parts = Vec::new();
    let word = |i: usize, w: &str| {
        cond.get(i..i + w.len()) == Some(w)
            && (i == 0 || b[i - 1].is_ascii_whitespace() || b[i - 1] == b')')
            && b.get(i + w.len())
                .is_none_or(|c| c.is_ascii_whitespace() || *c == b'(')
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'"' | b'\'' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                _ if depth != 0 => {}
                // Bytes, not `cond[i..]`: `i` may sit inside a multi-byte character.
                _ if b[i..].starts_with(b"||") || word(i, "or") => return None,
                _ if b[i..].starts_with(b"&&") => {
                    parts.push(&cond[start..i]);
                    start = i + 2;
                    i += 1;
                }
                _ if word(i, "and") => {
                    parts.push(&cond[start..i]);
                    start = i + 3;
                    i += 2;
                }
                _ => {}
            },
        }
        i += 1;
    }
    if parts.is_empty() {
        return None;
    }
    parts.push(&cond[start..]);
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::conjuncts;

    /// Found by fuzzing: a condition with a multi-byte character where an operator could
    /// start (`_\u{fffd}==''`) panicked on a string slice inside the character.
    #[test]
    fn conjunctions_of_multibyte_text_never_split_inside_a_character() {
        assert_eq!(conjuncts("_\u{fffd}==''"), None);
        assert_eq!(conjuncts("é && ü"), Some(vec!["é ", " ü"]));
        assert_eq!(conjuncts("漢|| x"), None);
    }

    #[test]
    fn conjunctions_split_only_at_their_top_level() {
        assert_eq!(
            conjuncts("pin and dev.type == \"cpu\""),
            Some(vec!["pin ", " dev.type == \"cpu\""])
        );
        assert_eq!(
            conjuncts("(pinned) && n > 0"),
            Some(vec!["(pinned) ", " n > 0"])
        );
        assert_eq!(conjuncts("f(a and b)"), None);
        assert_eq!(conjuncts("pin and x or y"), None);
        assert_eq!(conjuncts("s == \"a and b\""), None);
        assert_eq!(
            conjuncts("brand and operand"),
            Some(vec!["brand ", " operand"])
        );
    }
}
