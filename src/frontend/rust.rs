//! Rust front end (syn). Spans come from proc-macro2's span locations as byte ranges.
//! Files are parsed lazily like the others (`items`): syn sees the items that matter, the
//! rest of the text blanked, so generated bindings of a megabyte cost little.
//!
//! What it sees: functions, methods (their `impl` type is the class), closures, `for` /
//! `while` / `while let` / `loop`, closures handed to iterator adapters (`for_each`, `map`,
//! ..) as loop bodies, calls and method calls, `?`/`return`/`break`/`continue`, constants.
//! Inside macro invocations it sees the arguments when they parse as comma-separated
//! expressions (`check!(sys::cuMemAllocHost_v2(..))`); `macro_rules!` bodies are never run
//! where they are written and are not looked at.

use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Pat};

mod values;
mod walk;
use values::{returned_names, strip_type, struct_field_names, type_name};

use super::builder::{Builder, Scope};
use crate::catalog::{Catalog, MatchKind, SizeSpec};
use crate::model::{
    BinOp, EscapeKind, Event, ExitKind, Expr as SizeExpr, FileModel, FlowTo, FunctionKind,
    Language, LoopKind, PtrScope, Receiver, Span, Trips,
};

/// Files nesting brackets deeper than this are not handed to syn (its parser recurses).
const MAX_NESTING: usize = 256;

/// Iterator adapters whose closure runs once per element.
const ITER_ADAPTERS: &[&str] = &[
    "for_each",
    "try_for_each",
    "map",
    "filter_map",
    "flat_map",
    "for_each_with",
    "for_each_init",
    "map_with",
    "map_init",
    "try_for_each_with",
    "inspect",
    "filter",
    "fold",
    "try_fold",
    "scan",
    "take_while",
    "skip_while",
    "any",
    "all",
    "find_map",
];

/// Adapters that yield their closure's value to the rest of the chain.
const YIELDING: &[&str] = &[
    "map",
    "filter_map",
    "flat_map",
    "map_with",
    "map_init",
    "scan",
];

/// Does a method chain iterate (so that its adapter's closure runs per element)? `for_each`
/// and `try_for_each` always do; `map` on an `Option` or `Result` does not.
fn is_iterator(receiver: &Expr, method: &str) -> bool {
    if method.starts_with("for_each") || method.starts_with("try_for_each") {
        return true;
    }
    let mut e = receiver;
    loop {
        match e {
            Expr::Range(_) => return true,
            Expr::Paren(p) => e = &p.expr,
            Expr::MethodCall(m) => {
                let name = m.method.to_string();
                if ITERATING.contains(&name.as_str()) || ITER_ADAPTERS.contains(&name.as_str()) {
                    return true;
                }
                e = &m.receiver;
            }
            _ => return false,
        }
    }
}

/// Methods that produce an iterator.
const ITERATING: &[&str] = &[
    "iter",
    "iter_mut",
    "into_iter",
    "par_iter",
    "par_iter_mut",
    "into_par_iter",
    "chunks",
    "chunks_exact",
    "windows",
    "lines",
    "chars",
    "bytes",
    "enumerate",
    "zip",
    "drain",
    "keys",
    "values",
    "values_mut",
    "step_by",
    "rev",
    "skip",
    "take",
    "par_chunks",
    "split",
];

/// Methods that keep their argument (the pinned value outlives the iteration).
const STORES: &[&str] = &[
    "push",
    "push_back",
    "push_front",
    "insert",
    "extend",
    "append",
    "set",
    "replace",
];

/// How deep brackets nest, ignoring string and character literals roughly: a cheap guard
/// against inputs that would exhaust syn's recursive parser.
fn max_nesting(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    let mut in_string = false;
    let mut prev = ' ';
    for c in text.chars() {
        if in_string {
            if c == '"' && prev != '\\' {
                in_string = false;
            }
        } else {
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => {
                    depth += 1;
                    max = max.max(depth);
                }
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        prev = if prev == '\\' && c == '\\' { ' ' } else { c };
    }
    max
}

/// Build the model of what `extent` asks for. Parts of a file are parsed with the rest of
/// the text blanked out, so that syn's byte offsets are the file's.
pub fn build(
    text: &str,
    catalog: &Catalog,
    extent: &mut super::extent::Extent,
) -> Result<FileModel, String> {
    let mut b = Builder::new(text);
    // Suppression comments are the file's, recorded with its first part.
    if extent.is_first() {
        comments(&mut b, text);
    }
    if max_nesting(text) > MAX_NESTING {
        b.model.notes.push(format!(
            "nesting too deep (over {MAX_NESTING} levels), file not checked"
        ));
        if let super::extent::Extent::Lazy(lazy) = extent {
            lazy.plan.parsed.iter_mut().for_each(|p| *p = true);
            lazy.parsed_any = true;
        }
        return Ok(b.finish());
    }
    let root = b.root_scope();
    let mut v = Rs {
        b,
        catalog,
        scope: root,
        class: None,
        binding: None,
        store_spans: Vec::new(),
        stores: Vec::new(),
        field_stores: Vec::new(),
        field_fills: Vec::new(),
        cast_aliases: Vec::new(),
        guarded_events: Vec::new(),
        in_test: false,
        impl_trait: None,
        impl_entry: None,
        local_fields: Default::default(),
        local_closures: Default::default(),
        entry_key: None,
    };
    v.b.model.counters = super::keys::counters(text);
    super::extent::parse_parts(text, Language::Rust, extent, &mut v, |v, ranges| {
        v.parse_part(text, ranges);
        Ok(())
    })?;
    v.resolve_stores();
    v.b.capture_escapes();
    Ok(v.b.finish())
}

/// `text` with everything outside `ranges` (item boundaries: line starts) turned into
/// spaces, newlines kept.
fn blank_outside(text: &str, ranges: &[tree_sitter::Range]) -> Option<String> {
    let mut out = text.as_bytes().to_vec();
    let mut at = 0;
    let gaps = ranges
        .iter()
        .map(|r| (r.start_byte, r.end_byte))
        .chain(std::iter::once((text.len(), text.len())));
    for (start, end) in gaps {
        for c in out.get_mut(at..start).unwrap_or_default() {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        at = end.max(at);
    }
    String::from_utf8(out).ok()
}

impl super::extent::Walker for Rs<'_, '_> {
    fn model(&self) -> &FileModel {
        &self.b.model
    }
}

/// `// ghosttax: ignore[..]` and `/* .. */` comments: syn drops comments, so each line is
/// scanned for a comment opener outside a string literal (an even number of quotes before).
fn comments(b: &mut Builder, text: &str) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.contains("ghosttax:") {
            let opener = line
                .match_indices("//")
                .chain(line.match_indices("/*"))
                .map(|(at, _)| at)
                .filter(|&at| line[..at].matches('"').count() % 2 == 0)
                .min();
            if let Some(at) = opener
                && line[at..].contains("ghosttax:")
            {
                let end = line.trim_end_matches(['\n', '\r']).len();
                b.comment(Span {
                    start: offset + at,
                    end: offset + end,
                });
            }
        }
        offset += line.len();
    }
}

fn span_of<T: Spanned>(node: &T) -> Span {
    let r = node.span().byte_range();
    Span {
        start: r.start,
        end: r.end,
    }
}

struct Rs<'t, 'c> {
    b: Builder<'t>,
    catalog: &'c Catalog,
    scope: Scope<'t>,
    /// The `impl` type of the methods being visited.
    class: Option<String>,
    /// `let name = <init>`: (name, span of init); an event inside takes `name` as its buffer.
    binding: Option<(String, Span)>,
    /// Arguments of container stores (`v.push(..)`), and right-hand sides assigned to a
    /// field or index: a pinned value made there is kept.
    store_spans: Vec<Span>,
    /// (name, offset): the variable `name` was stored into a container or field.
    stores: Vec<(String, usize)>,
    /// `self.rect = Some(pinned)`: (the local stored, the field, offset).
    field_stores: Vec<(String, String, usize)>,
    /// `self.aux = Some(LockedBuffer::new(..)?)`: (the field, the value stored).
    field_fills: Vec<(String, Span)>,
    /// `let ptr = p as *mut T;`: (function, `p`, `ptr`): where `ptr` goes, `p` goes.
    cast_aliases: Vec<(crate::model::FuncId, String, String)>,
    /// Events made under an `if`: (index in `events`, the condition, negated).
    guarded_events: Vec<(usize, Span, bool)>,
    /// Inside a `#[cfg(test)]` module, or a function marked `#[test]`/`#[bench]`.
    in_test: bool,
    /// Inside `impl Trait for Type`: the trait; its methods are dispatched.
    impl_trait: Option<String>,
    /// The attributes of the enclosing `impl` block that hand its methods to a framework
    /// (`#[tonic::async_trait]`: `[[decorator]]` in `rules/entry_points.toml`).
    impl_entry: Option<String>,
    /// `let mut enc = st.encoder.lock().unwrap();`: (function, local) → the field it
    /// holds (or guards), whose declared type names what a call on the local reaches.
    local_fields: rustc_hash::FxHashMap<(usize, String), String>,
    /// `let mut score = make_scorer(w);`: (function, local) → the factory and the element
    /// key standing for the closures it returns (`FileModel::factory_elements`, recorded
    /// where `score(p)` calls the local).
    local_closures: rustc_hash::FxHashMap<(usize, String), (String, String)>,
    /// Inside the closure of `map.entry(k).or_insert_with(..)` (or after a miss of `map.get(&k)`):
    /// the names the key is made of (`Event::key_names`).
    entry_key: Option<Vec<String>>,
}

impl<'t> Rs<'t, '_> {
    /// Parse the text within `ranges` (all of it when empty) and walk it.
    fn parse_part(&mut self, text: &str, ranges: &[tree_sitter::Range]) {
        let blanked;
        let part = if ranges.is_empty() {
            text
        } else {
            match blank_outside(text, ranges) {
                Some(t) => {
                    blanked = t;
                    &blanked
                }
                None => return,
            }
        };
        match syn::parse_file(part) {
            Ok(file) => self.visit_file(&file),
            Err(e) => {
                let at = e.span().start();
                let what = if ranges.is_empty() {
                    "file"
                } else {
                    "part of the file"
                };
                self.b.model.notes.push(format!(
                    "not valid Rust at line {}, column {}: {e}; {what} not checked",
                    at.line,
                    at.column + 1
                ));
            }
        }
        // proc-macro2 keeps every parsed text per thread; free it before the next part.
        proc_macro2::extra::invalidate_current_thread_spans();
    }

    fn text(&self, s: Span) -> String {
        self.b
            .text
            .get(s.start..s.end)
            .unwrap_or("")
            .split_whitespace()
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn function<'a>(
        &mut self,
        name: String,
        whole: Span,
        name_span: Span,
        attrs: &[syn::Attribute],
        inputs: impl Iterator<Item = &'a syn::FnArg>,
        body: &'a syn::Block,
    ) {
        self.route_attribute(&name, attrs);
        let outer = self.scope;
        let inner = self.b.enter_function(
            outer,
            name,
            FunctionKind::Function,
            self.class.clone(),
            whole,
            Some(name_span),
        );
        let was_test = self.in_test;
        self.in_test |= attrs.iter().any(is_test_attribute);
        if self.in_test {
            self.b.model.functions[inner.function].test = true;
        }
        // Only the impl's own methods: not functions nested in their bodies.
        // The trait is the method's namespace: `Lend::lend(x)` names it, and `x.lend()`
        // reaches it where the trait is in scope.
        if self.impl_trait.is_some() && self.class.is_some() && outer.function == 0 {
            let f = &mut self.b.model.functions[inner.function];
            f.dispatched = true;
            f.namespace.clone_from(&self.impl_trait);
            // (`#[tonic::async_trait] impl LogSearch for Service`: each method is handed
            // to the framework, by its qualified name.)
            if let (Some(entry), Some(class)) = (&self.impl_entry, &self.class) {
                let key = format!("{}{entry}", crate::catalog::ROUTE_PREFIX);
                let name = crate::model::qualified(class, &f.name);
                self.b.model.passed_functions.push((key, name));
            }
        }
        for arg in inputs {
            if let syn::FnArg::Typed(t) = arg {
                for name in pat_names(&t.pat) {
                    self.declare(inner.function, name, true);
                    // (In order, for what callers hand over: `argument_position`.)
                    if let Some(n) = self.b.text.get(name.start..name.end) {
                        let f = &mut self.b.model.functions[inner.function];
                        f.params.push((n.to_string(), None));
                    }
                }
            }
        }
        self.scope = inner;
        let outer_key = self.entry_key.take();
        self.visit_block(body);
        // The block's final expression is the function's value: what it names leaves.
        if let Some(syn::Stmt::Expr(tail, None)) = body.stmts.last() {
            // `Box::new(move |s| ..)`, `|s| ..`: a closure handed back to the caller (a
            // hook factory), run where the caller's container of them is called.
            if let Some(lambda) = self.closure_of(tail) {
                self.b
                    .model
                    .returned_functions
                    .push((inner.function, lambda));
            }
            self.hands_back(inner, tail);
        }
        self.scope = outer;
        self.entry_key = outer_key;
        self.in_test = was_test;
    }

    /// What `value`, the final expression of a function or closure in `scope`, names leaves
    /// it: returned to its caller.
    fn hands_back(&mut self, scope: Scope<'t>, value: &Expr) {
        for name in returned_names(value) {
            self.b
                .model
                .flows
                .push((scope.function, name.clone(), FlowTo::Returned));
            self.b
                .add_escape(scope, name, EscapeKind::Returned, span_of(value));
        }
    }

    /// The closure `e` is, written bare or boxed (`|s| ..`, `Box::new(move |s| ..)`): its
    /// function, once walked.
    fn closure_of(&self, e: &Expr) -> Option<usize> {
        let at = match e {
            Expr::Closure(c) => span_of(c),
            Expr::Call(c) if self.text(span_of(&*c.func)).ends_with("Box::new") => {
                match c.args.first() {
                    Some(Expr::Closure(inner)) => span_of(inner),
                    _ => return None,
                }
            }
            _ => return None,
        };
        self.b
            .model
            .functions
            .iter()
            .rposition(|f| f.kind == FunctionKind::Lambda && f.span == at)
    }

    /// `post(handlers::encode)`, `web::get().to(index)`: functions named among the
    /// arguments of a call that registers callbacks (`[[callback]]` entries for Rust) run
    /// once per event.
    fn handlers_passed(&mut self, call: &str, args: &[&Expr]) {
        if !self.catalog.entry_points.is_callback(call, Language::Rust) {
            return;
        }
        for a in args {
            let Expr::Path(p) = a else { continue };
            let Some(last) = p.path.segments.last() else {
                continue;
            };
            let name = last.ident.to_string();
            if p.path.segments.len() == 1 && self.b.is_local(self.scope.function, &name) {
                continue;
            }
            self.b.model.passed_functions.push((call.to_string(), name));
        }
    }

    /// `#[post("/encode")]` (actix-web, Rocket): a route attribute with arguments registers
    /// the function as a handler.
    fn route_attribute(&mut self, name: &str, attrs: &[syn::Attribute]) {
        for a in attrs {
            let syn::Meta::List(list) = &a.meta else {
                continue;
            };
            let Some(method) = list.path.segments.last().map(|s| s.ident.to_string()) else {
                continue;
            };
            if self.catalog.entry_points.is_route(&method, Language::Rust) {
                self.b.model.passed_functions.push((
                    format!("{}{method}", crate::catalog::ROUTE_PREFIX),
                    name.to_string(),
                ));
            }
        }
    }

    fn declare(&mut self, function: usize, at: Span, param: bool) {
        let text = self.b.text;
        let Some(name) = text.get(at.start..at.end) else {
            return;
        };
        if param {
            self.b.declare_param(function, name);
        } else if function != 0 {
            self.b.declare_local(function, name);
        }
    }

    /// The trip count of `for _ in <expr>`: literal ranges, `.step_by(k)`, and iterator
    /// wrappers around them.
    fn trips(&self, e: &Expr) -> Trips {
        match e {
            Expr::Paren(p) => self.trips(&p.expr),
            Expr::Group(g) => self.trips(&g.expr),
            Expr::Range(r) => {
                let (Some(start), Some(end)) = (&r.start, &r.end) else {
                    return Trips::Unknown;
                };
                Trips::Counted {
                    start: self.size(start, 0),
                    end: self.size(end, 0),
                    step: SizeExpr::Int(1),
                    inclusive: matches!(r.limits, syn::RangeLimits::Closed(_)),
                }
            }
            Expr::MethodCall(m) => {
                let method = m.method.to_string();
                match method.as_str() {
                    "step_by" => match (self.trips(&m.receiver), m.args.first()) {
                        (
                            Trips::Counted {
                                start,
                                end,
                                inclusive,
                                ..
                            },
                            Some(k),
                        ) => Trips::Counted {
                            start,
                            end,
                            step: self.size(k, 0),
                            inclusive,
                        },
                        _ => Trips::Unknown,
                    },
                    "rev" | "into_iter" | "iter" | "into_par_iter" | "par_iter" | "enumerate" => {
                        self.trips(&m.receiver)
                    }
                    _ => Trips::Unknown,
                }
            }
            Expr::Array(a) => Trips::Fixed(a.elems.len() as u64),
            Expr::Reference(r) => self.trips(&r.expr),
            _ => Trips::Unknown,
        }
    }

    /// An integer expression, folded later by the tax module.
    fn size(&self, e: &Expr, depth: usize) -> SizeExpr {
        if depth > super::extent::MAX_DEPTH {
            return SizeExpr::Unknown;
        }
        let d = depth + 1;
        match e {
            Expr::Lit(l) => match &l.lit {
                syn::Lit::Int(i) => i
                    .base10_parse::<i128>()
                    .map_or(SizeExpr::Unknown, SizeExpr::Int),
                _ => SizeExpr::Unknown,
            },
            Expr::Path(p) => match p.path.segments.last() {
                Some(seg) if p.qself.is_none() => SizeExpr::Name(seg.ident.to_string()),
                _ => SizeExpr::Unknown,
            },
            Expr::Paren(p) => self.size(&p.expr, d),
            Expr::Group(g) => self.size(&g.expr, d),
            Expr::Cast(c) => self.size(&c.expr, d),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                SizeExpr::Neg(Box::new(self.size(&u.expr, d)))
            }
            Expr::Binary(b) => {
                let op = match b.op {
                    syn::BinOp::Add(_) => BinOp::Add,
                    syn::BinOp::Sub(_) => BinOp::Sub,
                    syn::BinOp::Mul(_) => BinOp::Mul,
                    syn::BinOp::Div(_) => BinOp::Div,
                    syn::BinOp::Shl(_) => BinOp::Shl,
                    _ => return SizeExpr::Unknown,
                };
                SizeExpr::Binary(
                    op,
                    Box::new(self.size(&b.left, d)),
                    Box::new(self.size(&b.right, d)),
                )
            }
            // `size_of::<T>()`, `std::mem::size_of::<T>()`.
            Expr::Call(c) if c.args.is_empty() => match &*c.func {
                Expr::Path(p) => {
                    let last = p.path.segments.last();
                    match last {
                        Some(seg) if seg.ident == "size_of" => {
                            generic_type(&seg.arguments).map_or(SizeExpr::Unknown, SizeExpr::SizeOf)
                        }
                        _ => SizeExpr::Unknown,
                    }
                }
                _ => SizeExpr::Unknown,
            },
            _ => SizeExpr::Unknown,
        }
    }

    /// A buffer expression normalised for pairing: `&mut p`, `p as *mut _`,
    /// `p.as_mut_ptr()`, `self.p` (a member) all name `p`.
    fn pointer(&self, e: &Expr) -> (String, bool) {
        let mut e = e;
        loop {
            e = match e {
                Expr::Reference(r) => &r.expr,
                Expr::Cast(c) => &c.expr,
                Expr::Paren(p) => &p.expr,
                Expr::Group(g) => &g.expr,
                Expr::MethodCall(m)
                    if m.args.is_empty()
                        && matches!(
                            m.method.to_string().as_str(),
                            "as_ptr" | "as_mut_ptr" | "as_mut" | "as_ref" | "cast" | "cast_mut"
                        ) =>
                {
                    &m.receiver
                }
                Expr::Field(f) if matches!(&*f.base, Expr::Path(p) if p.path.is_ident("self")) => {
                    let name = match &f.member {
                        syn::Member::Named(i) => i.to_string(),
                        syn::Member::Unnamed(i) => i.index.to_string(),
                    };
                    return (format!("self.{name}"), true);
                }
                _ => break,
            };
        }
        (self.text(span_of(e)), false)
    }

    /// A catalog call at `whole`: `name` as called, its arguments, its generic type.
    #[allow(clippy::too_many_arguments)]
    fn event(
        &mut self,
        api_id: usize,
        callee: String,
        whole: Span,
        args: &[&Expr],
        generic: Option<String>,
    ) {
        let api = &self.catalog.apis[api_id];
        let size = match &api.size {
            SizeSpec::Bytes { arg: Some(i), .. } => {
                Some(args.get(*i).map_or(SizeExpr::Unknown, |a| self.size(a, 0)))
            }
            SizeSpec::Count { arg, .. } => Some(match (args.get(*arg), generic) {
                (Some(n), Some(t)) => SizeExpr::Binary(
                    BinOp::Mul,
                    Box::new(self.size(n, 0)),
                    Box::new(SizeExpr::SizeOf(t)),
                ),
                _ => SizeExpr::Unknown,
            }),
            _ => None,
        };
        let bound = self
            .binding
            .as_ref()
            .filter(|(_, init)| init.contains(whole))
            .map(|(name, _)| name.clone());
        // `let rc = cuMemAllocHost_v2(&mut p, n);`: with an out-parameter, what the `let`
        // binds is the call's status.
        let status_var = bound.clone().filter(|_| api.pointer_arg.is_some());
        let (pointer, member) = match api.pointer_arg.and_then(|i| args.get(i)) {
            Some(a) => {
                let (p, m) = self.pointer(a);
                (Some(p), m)
            }
            None => (bound, false),
        };
        // (Not a closure's own pin inside the stored value, `Mangler { apply:
        // Box::new(|w| ..) }`: the closure is kept, its buffers are not.)
        let within = self.b.model.functions[self.scope.function].span;
        let stored_in_container = api.kind.pins()
            && self
                .store_spans
                .iter()
                .any(|s| s.contains(whole) && !s.contains(within));
        let root = pointer
            .as_deref()
            .map(|p| crate::model::root_name(p.trim_start_matches("self.")).to_string());
        let event = Event {
            api: api_id,
            kind: api.kind,
            callee,
            span: whole,
            size,
            pointer,
            pointer_scope: PtrScope::Local,
            lifetime: api.lifetime(),
            in_cleanup: self.scope.cleanup,
            guarded_once: self.scope.once
                || pointer_dest(&self.binding, whole)
                    .is_some_and(|d| self.b.guards_absence(self.scope, &d)),
            grows_only: false,
            stream_prologue: false,
            key_names: match &self.entry_key {
                Some(names) if self.scope.once => names.clone(),
                _ => Vec::new(),
            },
            guard_flag: None,
            status_var,
            stored_in_container,
            store: None,
            condition: self.b.condition(self.scope),
            pin_flag: None,
            pins_if: None,
            function: self.scope.function,
            innermost_loop: self.scope.innermost_loop,
        };
        if let Some(g) = self.scope.guard {
            let at = self.b.model.events.len();
            self.guarded_events.push((at, g, self.scope.negated));
        }
        self.b.add_event(event, root.as_deref(), member);
    }

    /// The arguments of a call that runs the closure it is handed once (`rules/
    /// context.toml`'s `closure_runners`): a closure's body is read as part of the
    /// function that hands it over, in its loop.
    fn run_closures_inline<'ast>(&mut self, args: impl Iterator<Item = &'ast Expr>)
    where
        Self: Visit<'ast>,
    {
        for a in args {
            match a {
                Expr::Closure(closure) => {
                    for input in &closure.inputs {
                        for name in pat_names(input) {
                            self.declare(self.scope.function, name, false);
                        }
                    }
                    self.visit_expr(&closure.body);
                }
                other => self.visit_expr(other),
            }
        }
    }

    /// The names a map key `key` is made of: its own, or those of the value a plain local
    /// of it was assigned (`let k = (req.id, depot);`).
    fn key_names_of(&self, key: &Expr) -> Vec<String> {
        let whole = self.text(span_of(key));
        let text = whole.trim_start_matches('&');
        let start = self.b.model.functions[self.scope.function].span.start;
        let before = self.b.text.get(start..span_of(key).start).unwrap_or("");
        let value = syn::parse_str::<syn::Ident>(text)
            .ok()
            .and_then(|_| super::keys::assigned_value(before, text))
            .unwrap_or(text);
        let mut names: Vec<String> = super::keys::dotted_names(value)
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Give the call just added its arguments that are counters of the file
    /// (`CallSite::counter_args`: `stage.fill(self.seq, n)` with `self.seq += 1`).
    fn counter_args(&mut self, args: &[&Expr]) {
        if self.b.model.counters.is_empty() {
            return;
        }
        let texts: Vec<(Option<String>, usize, String)> = args
            .iter()
            .enumerate()
            .map(|(i, a)| (None, i, self.text(span_of(*a))))
            .collect();
        self.b.set_last_counter_args(texts);
    }

    /// The `let` a call's value goes to: the call starts the binding's value
    /// (`let buf = PinnedBuf::new(n)?;`, `.. = make(n).map_err(..)?`), not an argument in it.
    fn bound_to(&self, call: Span) -> Option<String> {
        self.binding
            .as_ref()
            .filter(|(_, init)| init.start == call.start && init.contains(call))
            .map(|(name, _)| name.clone())
    }

    fn lookup(&self, how: MatchKind, name: &str) -> Option<usize> {
        self.catalog.lookup(Language::Rust, how, name)
    }

    /// A let-bound value kept by a later store in the same loop body (or function).
    fn resolve_stores(&mut self) {
        // `let ptr = p as *mut T; .. Ok(Self { ptr, len })`: the buffer `p` goes where
        // `ptr` does (handed to the caller, stored).
        for (function, from, into) in std::mem::take(&mut self.cast_aliases) {
            let carried: Vec<crate::model::Escape> = self
                .b
                .model
                .escapes
                .iter()
                .filter(|e| e.function == function && e.name == into)
                .map(|e| crate::model::Escape {
                    name: from.clone(),
                    ..e.clone()
                })
                .collect();
            self.b.model.escapes.extend(carried);
        }
        // `if self.rect.is_none() { let pinned = ..; self.rect = Some(pinned); }` (or
        // `self.rect = Some(pin(..)?)`): made once, while the field is empty.
        for &(i, guard, negated) in &self.guarded_events {
            let Some(ev) = self.b.model.events.get(i) else {
                continue;
            };
            let end = self.b.model.functions[ev.function].span.end;
            let stored = self.field_stores.iter().any(|(local, field, at)| {
                ev.pointer.as_deref() == Some(local.as_str())
                    && (ev.span.start..end).contains(at)
                    && self.b.guard_tests_absence(guard, negated, field)
            });
            // (Filled in place, the field is where the buffer is: what a reset of it,
            // `self.scratch = None` each block, re-arms.)
            let filled = self
                .field_fills
                .iter()
                .find(|(field, value)| {
                    (value.start..value.end).contains(&ev.span.start)
                        && self.b.guard_tests_absence(guard, negated, field)
                })
                .map(|(field, _)| field.clone());
            if (stored || filled.is_some())
                && let Some(ev) = self.b.model.events.get_mut(i)
            {
                ev.guarded_once = true;
                if ev.pointer.is_none() {
                    ev.pointer = filled;
                }
            }
        }
        let stores = std::mem::take(&mut self.stores);
        self.b
            .mark_later_stores(stores.iter().map(|(n, at)| (n.as_str(), *at, "")));
        // `pool.push(PinnedBuf::new(n)?)`, `self.buf = Some(make(n)?)`: the call's value is
        // kept (`CallSite::result_kept`).
        let functions = &self.b.model.functions;
        for call in &mut self.b.model.calls {
            let within = functions[call.function].span;
            if self
                .store_spans
                .iter()
                .any(|s| s.contains(call.span) && !s.contains(within))
            {
                call.result_kept = true;
            }
        }
    }
}

/// The variable an event's value is bound to, when it is the one `let`/assignment in flight.
fn pointer_dest(binding: &Option<(String, Span)>, whole: Span) -> Option<String> {
    binding
        .as_ref()
        .filter(|(_, init)| init.contains(whole))
        .map(|(name, _)| name.clone())
}

/// Methods that reach the value a field holds: a lock's guard, a cell's borrow, an
/// `Option`'s or `Result`'s content.
const THROUGH: &[&str] = &[
    "lock",
    "read",
    "write",
    "borrow",
    "borrow_mut",
    "as_ref",
    "as_mut",
    "unwrap",
    "expect",
    "get_mut",
    "deref",
    "deref_mut",
];

/// The field a method call's receiver reads, through locks, borrows, `?` and `.await`.
fn field_of(e: &Expr) -> Option<String> {
    match e {
        Expr::Field(f) => match &f.member {
            syn::Member::Named(id) => Some(id.to_string()),
            syn::Member::Unnamed(_) => None,
        },
        Expr::Await(a) => field_of(&a.base),
        Expr::Try(t) => field_of(&t.expr),
        Expr::Paren(p) => field_of(&p.expr),
        Expr::Reference(r) => field_of(&r.expr),
        Expr::MethodCall(m) if THROUGH.contains(&m.method.to_string().as_str()) => {
            field_of(&m.receiver)
        }
        _ => None,
    }
}

/// `#[test]`, `#[bench]`, `#[tokio::test]`, `#[cfg(test)]`: the item is test code.
fn is_test_attribute(a: &syn::Attribute) -> bool {
    let path = a.path();
    let last = path.segments.last().map(|s| s.ident.to_string());
    match last.as_deref() {
        Some("test" | "bench") => true,
        Some("cfg") => a.parse_args::<syn::Ident>().is_ok_and(|id| id == "test"),
        _ => false,
    }
}

/// The identifiers a pattern binds (`x`, `(a, b)`, `mut p`).
fn pat_names(p: &Pat) -> Vec<Span> {
    match p {
        Pat::Ident(i) => vec![span_of(&i.ident)],
        Pat::Tuple(t) => t.elems.iter().flat_map(pat_names).collect(),
        Pat::Type(t) => pat_names(&t.pat),
        Pat::Reference(r) => pat_names(&r.pat),
        Pat::TupleStruct(t) => t.elems.iter().flat_map(pat_names).collect(),
        _ => Vec::new(),
    }
}

/// The first type in `::<T>`.
fn generic_type(args: &syn::PathArguments) -> Option<String> {
    match args {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
            syn::GenericArgument::Type(t) => Some(
                quote::ToTokens::to_token_stream(t)
                    .to_string()
                    .replace(' ', ""),
            ),
            _ => None,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{max_nesting, type_name};

    #[test]
    fn impl_types_are_named_by_their_last_name_or_kind() {
        let name = |t: &str| {
            syn::parse_str::<syn::Type>(t)
                .ok()
                .and_then(|t| type_name(&t))
        };
        assert_eq!(name("Vec<f32>").as_deref(), Some("Vec"));
        assert_eq!(name("&'a mut crate::Staging").as_deref(), Some("Staging"));
        assert_eq!(name("&[u8]").as_deref(), Some("slice"));
        assert_eq!(name("[f32; 4]").as_deref(), Some("array"));
        assert_eq!(name("(u8, u16)").as_deref(), Some("tuple"));
        assert_eq!(name("()"), None);
        assert_eq!(name("dyn Fn()"), None);
    }

    #[test]
    fn nesting_ignores_brackets_in_strings() {
        assert_eq!(max_nesting("fn f() { g((1)) }"), 3);
        assert_eq!(max_nesting("let s = \"((((\";"), 0);
        assert_eq!(max_nesting("let s = \"a\\\"((\"; (x)"), 1);
    }
}
