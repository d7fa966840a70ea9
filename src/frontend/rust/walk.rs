//! The syntax walk of a Rust file: `syn`'s visitor over items, loops, branches, exits,
//! assignments and calls, turning each into the model's events, loops and calls.

use super::*;
use syn::visit;

impl<'ast, 't> Visit<'ast> for Rs<'t, '_> {
    /// `extern "C" { fn sb_verify_batch(..) -> c_int; }`: functions of C code the crate
    /// links, called by their names (`FileModel::foreign_functions`).
    fn visit_item_foreign_mod(&mut self, m: &'ast syn::ItemForeignMod) {
        for item in &m.items {
            if let syn::ForeignItem::Fn(f) = item {
                let name = f.sig.ident.to_string();
                if !self.b.model.foreign_functions.contains(&name) {
                    self.b.model.foreign_functions.push(name);
                }
            }
        }
        syn::visit::visit_item_foreign_mod(self, m);
    }

    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        let class = self.class.take();
        self.function(
            i.sig.ident.to_string(),
            span_of(i),
            span_of(&i.sig.ident),
            &i.attrs,
            i.sig.inputs.iter(),
            &i.block,
        );
        self.class = class;
    }

    fn visit_impl_item_fn(&mut self, i: &'ast syn::ImplItemFn) {
        self.function(
            i.sig.ident.to_string(),
            span_of(i),
            span_of(&i.sig.ident),
            &i.attrs,
            i.sig.inputs.iter(),
            &i.block,
        );
    }

    fn visit_trait_item_fn(&mut self, i: &'ast syn::TraitItemFn) {
        if let Some(body) = &i.default {
            self.function(
                i.sig.ident.to_string(),
                span_of(i),
                span_of(&i.sig.ident),
                &i.attrs,
                i.sig.inputs.iter(),
                body,
            );
        }
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let was_test = self.in_test;
        self.in_test |= m.attrs.iter().any(is_test_attribute);
        visit::visit_item_mod(self, m);
        self.in_test = was_test;
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let outer = self.class.take();
        // `impl Sink for File { fn write(..) }`: callable through `dyn Sink`, and where
        // the trait is in scope.
        let was_trait = std::mem::replace(
            &mut self.impl_trait,
            i.trait_
                .as_ref()
                .and_then(|(path, _)| path.segments.last())
                .map(|t| t.ident.to_string()),
        );
        self.class = type_name(&i.self_ty);
        let entry = i.attrs.iter().find_map(|a| {
            let path = quote::ToTokens::to_token_stream(a.path())
                .to_string()
                .replace(' ', "");
            self.catalog
                .entry_points
                .is_impl_decorator(&path)
                .then_some(path)
        });
        let was_entry = std::mem::replace(&mut self.impl_entry, entry);
        visit::visit_item_impl(self, i);
        self.impl_entry = was_entry;
        self.class = outer;
        self.impl_trait = was_trait;
    }

    fn visit_item_const(&mut self, i: &'ast syn::ItemConst) {
        let value = self.size(&i.expr, 0);
        if value != SizeExpr::Unknown {
            self.b.add_constant(&i.ident.to_string(), value);
        }
        visit::visit_item_const(self, i);
    }

    fn visit_impl_item_const(&mut self, i: &'ast syn::ImplItemConst) {
        let value = self.size(&i.expr, 0);
        if value != SizeExpr::Unknown {
            self.b.add_constant(&i.ident.to_string(), value);
        }
        visit::visit_impl_item_const(self, i);
    }

    fn visit_item_static(&mut self, i: &'ast syn::ItemStatic) {
        let value = self.size(&i.expr, 0);
        if value != SizeExpr::Unknown && matches!(i.mutability, syn::StaticMutability::None) {
            self.b.add_constant(&i.ident.to_string(), value);
        }
        visit::visit_item_static(self, i);
    }

    /// `macro_rules!` bodies are not run where they are written.
    fn visit_item_macro(&mut self, i: &'ast syn::ItemMacro) {
        if i.mac.path.is_ident("macro_rules") {
            return;
        }
        self.visit_macro(&i.mac);
    }

    /// A macro invocation's arguments, when they parse as expressions.
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let parser = Punctuated::<Expr, syn::Token![,]>::parse_terminated;
        // `bail!(..)`, `anyhow::ensure!(ok, ..)`: a return with an error, as `?` is (the
        // second when its test fails).
        let name = m
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let checks = self.catalog.ownership.checking_macros.contains(&name);
        let returns = checks || self.catalog.ownership.returning_macros.contains(&name);
        if let Ok(args) = m.parse_body_with(parser) {
            for a in &args {
                self.visit_expr(a);
            }
            if returns {
                self.b.add_exit(self.scope, ExitKind::Return, span_of(m));
                if let (true, Some(test)) = (checks, args.first()) {
                    let names = self.b.identifiers(span_of(test));
                    let nulls = self.b.null_tests(span_of(test));
                    if let Some(x) = self.b.model.exits.last_mut() {
                        x.guard = Some(span_of(test));
                        x.guard_names = names;
                        x.null_tests = Some(nulls);
                    }
                }
            }
        } else if let Ok(stmts) = m.parse_body_with(syn::Block::parse_within) {
            // `defer! { ..; ..; }`: a body of statements.
            for s in &stmts {
                self.visit_stmt(s);
            }
        }
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        for name in pat_names(&l.pat) {
            self.declare(self.scope.function, name, false);
        }
        let outer = self.binding.take();
        if let (Pat::Ident(id), Some(init)) = (strip_type(&l.pat), &l.init) {
            self.binding = Some((id.ident.to_string(), span_of(&*init.expr)));
            let key = (self.scope.function, id.ident.to_string());
            // (`let mut score = scoring::make_scorer(w);` holds what the factory returns:
            // a closure, if it returns one, called as `score(p)`.)
            match called_function(&init.expr)
                .filter(|(f, n)| *n <= 2 && f.starts_with(|ch: char| ch.is_ascii_lowercase()))
            {
                Some((factory, _)) => {
                    let held =
                        crate::model::element_key(&format!("{}@{}", id.ident, span_of(l).start));
                    self.local_closures.insert(key.clone(), (factory, held))
                }
                None => self.local_closures.remove(&key),
            };
            match super::field_of(&init.expr) {
                Some(field) => self.local_fields.insert(key, field),
                None => self.local_fields.remove(&key),
            };
            if let Expr::Cast(c) = &*init.expr
                && let Expr::Path(from) = &*c.expr
                && let Some(from) = from.path.get_ident()
            {
                self.cast_aliases.push((
                    self.scope.function,
                    from.to_string(),
                    id.ident.to_string(),
                ));
            }
            // `let guard = Registered { ptr };`: the value built holds `ptr` (its `Drop`
            // releases it, or whoever the value goes to does).
            for name in struct_field_names(&init.expr) {
                self.b
                    .add_escape(self.scope, name, EscapeKind::Stored, span_of(l));
            }
        }
        visit::visit_local(self, l);
        self.binding = outer;
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        let outer = self.scope;
        let inner = self.b.enter_function(
            outer,
            "<closure>".into(),
            FunctionKind::Lambda,
            None,
            span_of(c),
            None,
        );
        for input in &c.inputs {
            for name in pat_names(input) {
                self.declare(inner.function, name, true);
            }
        }
        self.scope = inner;
        self.visit_expr(&c.body);
        // What the closure ends with leaves it (`get_or_init(|| { ..; Lut(p) })`): a
        // buffer handed to whatever runs it, not one it forgets.
        self.hands_back(inner, &c.body);
        self.scope = outer;
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        self.visit_expr(&f.expr);
        let header = Span {
            start: span_of(&f.for_token).start,
            end: span_of(&*f.expr).end,
        };
        let outer = self.scope;
        self.scope = self.b.enter_loop(
            outer,
            LoopKind::For,
            span_of(f),
            header,
            self.trips(&f.expr),
        );
        if let Pat::Ident(id) = strip_type(&f.pat) {
            let (collection, _) = self.pointer(&f.expr);
            let root = crate::model::root_name(&collection).to_string();
            // (`for hook in &self.hooks`: the field's element key.)
            // (`for hook in self.hooks.iter_mut()`: the field's elements too.)
            let walked = match &*f.expr {
                Expr::MethodCall(m)
                    if m.args.is_empty()
                        && matches!(
                            m.method.to_string().as_str(),
                            "iter" | "iter_mut" | "into_iter" | "values" | "values_mut"
                        ) =>
                {
                    &*m.receiver
                }
                e => e,
            };
            let walks = field_of(walked).map(|field| crate::model::element_key(&field));
            if let Some(lp) = self.b.model.loops.last_mut() {
                lp.element = Some((id.ident.to_string(), root));
                lp.walks = walks;
            }
        }
        for name in pat_names(&f.pat) {
            self.declare(self.scope.function, name, false);
        }
        self.visit_block(&f.body);
        self.scope = outer;
    }

    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        let header = Span {
            start: span_of(&w.while_token).start,
            end: span_of(&*w.cond).end,
        };
        let outer = self.scope;
        self.scope = self
            .b
            .enter_loop(outer, LoopKind::While, span_of(w), header, Trips::Unknown);
        self.visit_expr(&w.cond);
        self.visit_block(&w.body);
        self.scope = outer;
    }

    fn visit_expr_loop(&mut self, l: &'ast syn::ExprLoop) {
        let outer = self.scope;
        // (The keyword's own span is empty here: the header is its four bytes.)
        let at = span_of(&l.loop_token).start;
        let header = Span {
            start: at,
            end: at + "loop".len(),
        };
        self.scope = self
            .b
            .enter_loop(outer, LoopKind::While, span_of(l), header, Trips::Unknown);
        self.visit_block(&l.body);
        self.scope = outer;
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        self.visit_expr(&i.cond);
        let outer = self.scope;
        let cond = span_of(&*i.cond);
        self.scope.guard = Some(cond);
        // `if !self.cache.contains_key(&k) { .. self.cache.insert(k, pin(..)?); }`: the
        // branch fills what its condition finds missing, once per key.
        let body = self.text(span_of(&i.then_branch));
        if body.match_indices(".insert(").any(|(at, _)| {
            let target = body[..at]
                .rsplit(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
                .next()
                .unwrap_or("");
            !target.is_empty() && self.b.guard_tests_absence(cond, false, target)
        }) {
            self.scope.once = true;
        }
        // `if self.out.as_ref().map_or(true, |b| b.len() < need) { self.out = Some(pin(need)?) }`:
        // a field pinned again only when a size outgrows it (grow-only, amortised).
        // (Also with what the test reads bound first: `let grow = self.buf.as_ref()
        // .map_or(..); if grow`, `let cap = self.buf.as_ref().map_or(0, |b| b.len); if
        // self.len == cap`.)
        let mut test = self.text(cond);
        let before = self.text(Span {
            start: self.b.model.functions[self.scope.function].span.start,
            end: cond.start,
        });
        let words: Vec<String> = test
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        for name in words {
            if let Some(at) = before.rfind(&format!("let{name}=")) {
                let init = &before[at..];
                test.push(';');
                test.push_str(&init[..init.find(';').unwrap_or(init.len())]);
            }
        }
        if grows_field(&test, &body) {
            self.scope.once = true;
        }
        self.visit_block(&i.then_branch);
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
        self.scope = outer;
        // `if n <= self.cap { return Ok(()); }` .. `self.cap = 2 * n;`: what follows the
        // test runs only when a size outgrows the field (grow-only, amortised).
        if i.else_branch.is_none() && body.contains("return") {
            let rest = self.text(Span {
                start: span_of(i).end,
                end: self.b.model.functions[self.scope.function].span.end,
            });
            if grows_field(&test, &rest) {
                self.scope.once = true;
            }
        }
        // `if let Some(c) = map.get(&k) { return Ok(c.clone()); }` .. `map.insert(k, pin)`:
        // what follows runs only on a miss, once per key (once, for a cell).
        if let Expr::Let(l) = &*i.cond
            && let Expr::MethodCall(get) = &*l.expr
            && get.method == "get"
            && body.contains("return")
        {
            let map = self.text(span_of(&*get.receiver)).to_string();
            let end = self.b.model.functions[self.scope.function].span.end;
            let rest = self.text(Span {
                start: cond.end,
                end,
            });
            // (Or a cell filled after the miss: `if let Some(s) = STAGING.get() { return
            // Ok(s); } .. STAGING.get_or_init(|| ..)`.)
            let fills = ["insert(", "get_or_init(", "set("]
                .iter()
                .any(|m| rest.contains(&format!("{map}.{m}")));
            if !map.is_empty() && fills {
                self.scope.once = true;
                self.entry_key = get.args.first().map(|k| self.key_names_of(k));
            }
        }
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        // `match self.cache.entry(k) { Entry::Occupied(e) => .., Entry::Vacant(v) => {
        // v.insert(pin(..)?) } }`: the vacant arm fills the map's slot, once per key.
        let entry = matches!(&*m.expr, Expr::MethodCall(c) if c.method == "entry");
        if !entry {
            visit::visit_expr_match(self, m);
            return;
        }
        self.visit_expr(&m.expr);
        let outer = self.scope;
        for arm in &m.arms {
            let vacant = match &arm.pat {
                Pat::TupleStruct(t) => t.path.segments.last().is_some_and(|s| s.ident == "Vacant"),
                _ => false,
            };
            if vacant {
                self.scope.once = true;
            }
            self.visit_arm(arm);
            self.scope = outer;
        }
    }

    fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
        if let Some(e) = &r.expr {
            for name in returned_names(e) {
                self.b
                    .model
                    .flows
                    .push((self.scope.function, name, FlowTo::Returned));
            }
            for name in self.b.identifiers(span_of(&**e)) {
                self.b
                    .add_escape(self.scope, name, EscapeKind::Returned, span_of(r));
            }
        }
        self.b.add_exit(self.scope, ExitKind::Return, span_of(r));
        visit::visit_expr_return(self, r);
    }

    /// `?` returns early on error: when its operand fails (its guard, as an `if`'s
    /// condition is: `check(register(..))?` leaves only when nothing was registered).
    fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
        visit::visit_expr_try(self, t);
        self.b
            .add_exit(self.scope, ExitKind::Return, span_of(&t.question_token));
        // (`check(rc, "cuMemHostRegister")?` with `rc` the registration's status: also
        // by the names the operand reads.)
        let names = self.b.identifiers(span_of(&*t.expr));
        if let Some(x) = self.b.model.exits.last_mut() {
            x.guard = Some(span_of(&*t.expr));
            x.guard_names = names;
        }
    }

    fn visit_expr_break(&mut self, b: &'ast syn::ExprBreak) {
        self.b.add_exit(self.scope, ExitKind::Break, span_of(b));
        visit::visit_expr_break(self, b);
    }

    fn visit_expr_continue(&mut self, c: &'ast syn::ExprContinue) {
        self.b.add_exit(self.scope, ExitKind::Continue, span_of(c));
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        // `self.buf = x`, `bufs[i] = x`, `outer = x`: the value is kept.
        if matches!(&*a.left, Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_))) {
            for name in self.b.identifiers(span_of(&*a.right)) {
                self.b
                    .add_escape(self.scope, name, EscapeKind::OutParam, span_of(a));
            }
        }
        // `self.scratch = None;`: the field is empty again (an `is_none()` guard re-arms).
        if let (Expr::Field(_), Expr::Path(p)) = (&*a.left, &*a.right)
            && p.path.is_ident("None")
        {
            let field = self.text(span_of(&*a.left));
            self.b
                .model
                .resets
                .push((self.scope.function, field, span_of(a).start));
        }
        let kept = matches!(&*a.left, Expr::Field(_) | Expr::Index(_) | Expr::Path(_));
        // `self.rect = Some(pinned)`, `self.rect = pinned`: the field keeps the local.
        if let Expr::Field(_) = &*a.left {
            let inner = match &*a.right {
                Expr::Call(c) if c.args.len() == 1 && self.text(span_of(&*c.func)) == "Some" => {
                    c.args.first()
                }
                other => Some(other),
            };
            if let Some(Expr::Path(p)) = inner
                && let Some(local) = p.path.get_ident()
            {
                self.field_stores.push((
                    local.to_string(),
                    self.text(span_of(&*a.left)),
                    span_of(a).start,
                ));
            } else if let Some(value) = inner {
                self.field_fills
                    .push((self.text(span_of(&*a.left)), span_of(value)));
            }
        }
        if kept {
            self.store_spans.push(span_of(&*a.right));
            let name = self.text(span_of(&*a.right));
            self.stores.push((name.clone(), span_of(a).start));
            if !matches!(&*a.left, Expr::Path(_)) {
                self.b
                    .add_escape(self.scope, name, EscapeKind::Stored, span_of(a));
            }
        }
        let outer = self.binding.take();
        if let Expr::Path(p) = &*a.left
            && let Some(id) = p.path.get_ident()
        {
            self.binding = Some((id.to_string(), span_of(&*a.right)));
        }
        visit::visit_expr_assign(self, a);
        self.binding = outer;
    }

    /// `Mangler { apply: Box::new(move |w| ..) }`: a closure kept in a field, run where
    /// the field is called (`(m.apply)(w)`), as a container of one
    /// (`FileModel::lambda_elements`).
    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        visit::visit_expr_struct(self, s);
        for f in &s.fields {
            let syn::Member::Named(name) = &f.member else {
                continue;
            };
            let key = crate::model::element_key(&name.to_string());
            if let Some(lambda) = self.closure_of(&f.expr) {
                self.b.model.lambda_elements.push((lambda, key));
            } else if let Expr::Path(p) = &f.expr
                && let Some(param) = p.path.get_ident()
            {
                // `Self { ctx, gain, sites }` in `fn new(ctx, gain: GainFn, ..)`: what the
                // callers hand over in `gain` is kept in the field (`param_elements`).
                self.b
                    .store_param(self.scope.function, &param.to_string(), &name.to_string());
            } else if let Some((factory, _)) = called_function(&f.expr) {
                // `Renderer { kern: make_kerner(t) }`: what the factory returns
                // (`FileModel::factory_elements`).
                self.b.model.factory_elements.push((factory, key));
            }
        }
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        // `(m.apply)(w)`, `(self.on_batch)(b)`: the closure the field holds.
        if let Expr::Paren(p) = &*c.func
            && let Expr::Field(f) = &*p.expr
            && let syn::Member::Named(name) = &f.member
        {
            self.b
                .add_call(self.scope, "__call__", Receiver::Expr, span_of(c));
            if let Some(call) = self.b.model.calls.last_mut() {
                call.receiver_attr = Some(crate::model::element_key(&name.to_string()));
            }
        }
        if let Expr::Path(p) = &*c.func {
            let segs: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            let last = segs.last().cloned().unwrap_or_default();
            let qualified = match segs.as_slice() {
                [.., ty, f] => Some(format!("{ty}::{f}")),
                _ => None,
            };
            let api = qualified
                .as_deref()
                .and_then(|q| self.lookup(MatchKind::Call, q))
                .or_else(|| self.lookup(MatchKind::Call, &last));
            let generic = p
                .path
                .segments
                .last()
                .and_then(|s| generic_type(&s.arguments));
            let args: Vec<&Expr> = c.args.iter().collect();
            self.handlers_passed(&last, &args);
            match api {
                Some(id) => {
                    let callee = self.text(span_of(&*c.func));
                    self.event(id, callee, span_of(c), &args, generic);
                }
                None => {
                    let receiver = match segs.as_slice() {
                        [_] => Receiver::None,
                        [.., q, _] if q == "Self" => Receiver::SelfRef,
                        [.., q, _] if q.starts_with(|ch: char| ch.is_uppercase()) => {
                            Receiver::Name(q.clone())
                        }
                        [.., q, _] => Receiver::Module(q.clone()),
                        [] => Receiver::Expr,
                    };
                    self.b.add_call(self.scope, &last, receiver, span_of(c));
                    self.counter_args(&args);
                    let result = self.bound_to(span_of(c));
                    self.b.set_last_result(result);
                    // `Planner::new(ctx, gain, ..)` with `let gain = make_pattern(..)`:
                    // handed what the factory returns (`CallSite::factory_args`).
                    for (i, a) in c.args.iter().enumerate() {
                        if let Expr::Path(arg) = a
                            && let Some(local) = arg.path.get_ident()
                            && let Some((factory, _)) = self
                                .local_closures
                                .get(&(self.scope.function, local.to_string()))
                                .cloned()
                        {
                            self.b.add_factory_arg(span_of(c), i, factory);
                        }
                    }
                    // `score(&pages)` on a local holding a factory's closure.
                    // (Only a local that is called stands for the factory's closures.)
                    if let [local] = segs.as_slice()
                        && let Some((factory, held)) = self
                            .local_closures
                            .get(&(self.scope.function, local.clone()))
                            .cloned()
                    {
                        let element = (factory, held.clone());
                        if !self.b.model.factory_elements.contains(&element) {
                            self.b.model.factory_elements.push(element);
                        }
                        self.b
                            .add_call(self.scope, "__call__", Receiver::Expr, span_of(c));
                        if let Some(call) = self.b.model.calls.last_mut() {
                            call.receiver_attr = Some(held);
                        }
                    }
                }
            }
            if self.catalog.context.is_closure_runner(&last) {
                self.visit_expr(&c.func);
                self.run_closures_inline(c.args.iter());
                return;
            }
            visit::visit_expr_call(self, c);
            // `scratch::with_raster(n, |r| ..)`: a callee that calls its parameter runs
            // the closure there (`CallSite::lambda_args`).
            if api.is_none() {
                for (i, a) in c.args.iter().enumerate() {
                    if let Some(lambda) = self.closure_of(a) {
                        self.b.add_lambda_arg(span_of(c), i, lambda);
                    }
                }
            }
            return;
        }
        visit::visit_expr_call(self, c);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        let method = m.method.to_string();
        // `self.scratch.take()` leaves the field empty, as `= None` does.
        if method == "take" && m.args.is_empty() && matches!(&*m.receiver, Expr::Field(_)) {
            let field = self.text(span_of(&*m.receiver));
            self.b
                .model
                .resets
                .push((self.scope.function, field, span_of(m).start));
        }
        // A closure handed to an iterator adapter is a loop body: the last closure (the
        // first of `for_each_init(init, body)` runs once per worker).
        let per_element = m.args.iter().rev().find_map(|a| match a {
            Expr::Closure(c) => Some(c),
            _ => None,
        });
        if ITER_ADAPTERS.contains(&method.as_str())
            && is_iterator(&m.receiver, &method)
            && let Some(closure) = per_element
        {
            self.visit_expr(&m.receiver);
            for a in m.args.iter() {
                if !matches!(a, Expr::Closure(c) if std::ptr::eq(c, closure)) {
                    self.visit_expr(a);
                }
            }
            let header = Span {
                start: span_of(&m.method).start,
                end: span_of(closure).start.max(span_of(&m.method).end),
            };
            let header = Span {
                end: closure
                    .inputs
                    .last()
                    .map_or(header.end, |i| span_of(i).end + 1),
                ..header
            };
            let trips = self.trips(&m.receiver);
            let outer = self.scope;
            self.scope = self.b.enter_loop(
                outer,
                LoopKind::IterClosure,
                span_of(closure),
                header,
                trips,
            );
            if let Some(first) = closure.inputs.first()
                && let Pat::Ident(id) = strip_type(first)
            {
                let (collection, _) = self.pointer(&m.receiver);
                let root = crate::model::root_name(&collection).to_string();
                if let Some(lp) = self.b.model.loops.last_mut() {
                    lp.element = Some((id.ident.to_string(), root));
                }
            }
            for input in &closure.inputs {
                for name in pat_names(input) {
                    self.declare(self.scope.function, name, false);
                }
            }
            // `map`-like adapters yield the closure's value: a pinned value it ends with is
            // kept by whatever collects the iterator.
            if YIELDING.contains(&method.as_str()) {
                let tail = match &*closure.body {
                    Expr::Block(b) => match b.block.stmts.last() {
                        Some(syn::Stmt::Expr(e, None)) => Some(span_of(e)),
                        _ => None,
                    },
                    other => Some(span_of(other)),
                };
                self.store_spans.extend(tail);
            }
            self.visit_expr(&closure.body);
            self.scope = outer;
            return;
        }
        let args: Vec<&Expr> = m.args.iter().collect();
        self.handlers_passed(&method, &args);
        if STORES.contains(&method.as_str()) {
            // `self.ptrs.push(p)`: a loop over `self.ptrs` reaches `p`.
            let (container, _) = self.pointer(&m.receiver);
            for a in &args {
                let (item, _) = self.pointer(a);
                self.b
                    .add_slot_store(self.scope, item, container.clone(), span_of(m));
            }
            // (`out.push(buf.to_vec())` keeps a copy: `buf` dies where it would.)
            for a in args.iter().filter(|a| !copies_out(a)) {
                self.store_spans.push(span_of(*a));
                // `v.push((i, buf))`, `v.push(Arc::new(buf))`: every name inside is kept.
                for name in self.b.identifiers(span_of(*a)) {
                    self.stores.push((name.clone(), span_of(m).start));
                    self.b
                        .add_escape(self.scope, name, EscapeKind::Stored, span_of(m));
                }
            }
        }
        // cudarc 0.9-0.11 calls the driver as methods of the loaded library:
        // `sys::lib().cuMemAllocHost_v2(..)`.
        let api = self
            .lookup(MatchKind::Method, &method)
            .or_else(|| self.lookup(MatchKind::Call, &method));
        match api {
            Some(id) => {
                let generic = m.turbofish.as_ref().and_then(|t| {
                    t.args.iter().find_map(|g| match g {
                        syn::GenericArgument::Type(ty) => Some(
                            quote::ToTokens::to_token_stream(ty)
                                .to_string()
                                .replace(' ', ""),
                        ),
                        _ => None,
                    })
                });
                let callee = format!("{}.{method}", self.text(span_of(&*m.receiver)));
                self.event(id, callee, span_of(m), &args, generic);
            }
            None => {
                let receiver = match &*m.receiver {
                    Expr::Path(p) if p.path.is_ident("self") => Receiver::SelfRef,
                    Expr::Path(p) => p
                        .path
                        .get_ident()
                        .map_or(Receiver::Expr, |i| Receiver::Name(i.to_string())),
                    _ => Receiver::Expr,
                };
                // `st.renderer.render_tile(..)`, `self.enc.lock().await.encode(..)`: the field
                // names what the call reaches (its declared type, `Definitions::typed`); so
                // does a local holding one (`let mut enc = st.encoder.lock().unwrap();`).
                let held = match &receiver {
                    Receiver::Name(local) => self
                        .local_fields
                        .get(&(self.scope.function, local.clone()))
                        .cloned(),
                    _ => None,
                };
                // (A call on such a local is a call on the field's object.)
                let receiver = if held.is_some() {
                    Receiver::Expr
                } else {
                    receiver
                };
                let field = field_of(&m.receiver).or(held);
                self.b.add_call(self.scope, &method, receiver, span_of(m));
                self.counter_args(&args);
                if let Some(field) = field
                    && let Some(c) = self.b.model.calls.last_mut()
                {
                    c.receiver_attr = Some(field);
                }
            }
        }
        // `map.entry(k).or_insert_with(|| pin(..))`: the closure runs on a miss of the map,
        // once per key.
        if matches!(method.as_str(), "or_insert_with" | "or_insert_with_key")
            && let Expr::MethodCall(entry) = &*m.receiver
            && entry.method == "entry"
        {
            self.visit_expr(&m.receiver);
            let key = entry.args.first().map(|k| self.key_names_of(k));
            let outer = (self.scope, self.entry_key.take());
            self.scope.once = true;
            self.entry_key = key;
            self.run_closures_inline(m.args.iter());
            (self.scope, self.entry_key) = outer;
        } else if self.catalog.context.is_closure_runner(&method)
            && m.args.iter().any(|a| matches!(a, Expr::Closure(_)))
        {
            self.visit_expr(&m.receiver);
            self.run_closures_inline(m.args.iter());
        } else {
            visit::visit_expr_method_call(self, m);
        }
        // `pvt.add_sink(Box::new(|f| ..))`, `pvt.add_sink(make_raim_sink(t))`: what a callee
        // that keeps its parameter is handed (`CallSite::lambda_args`, `factory_args`).
        if !STORES.contains(&method.as_str()) {
            for (i, a) in args.iter().enumerate() {
                if let Some(lambda) = self.closure_of(a) {
                    self.b.add_lambda_arg(span_of(m), i, lambda);
                } else if let Some((factory, segments)) = called_function(a)
                    && segments <= 2
                    && factory.starts_with(|ch: char| ch.is_ascii_lowercase())
                {
                    self.b.add_factory_arg(span_of(m), i, factory);
                }
            }
        }
        // `self.hooks.push(Box::new(|s| ..))`: a closure kept in a field's container, run
        // where its elements are called (`FileModel::lambda_elements`).
        if STORES.contains(&method.as_str())
            && let Some(field) = field_of(&m.receiver)
        {
            for a in &args {
                // `fn add_sink(&mut self, s: Sink) { self.sinks.push(s) }`: what callers
                // hand over in `s` (`FileModel::param_elements`).
                if let Expr::Path(p) = a
                    && let Some(id) = p.path.get_ident()
                {
                    let name = id.to_string();
                    self.b.store_param(self.scope.function, &name, &field);
                }
                if let Some(lambda) = self.closure_of(a) {
                    let key = crate::model::element_key(&field);
                    self.b.model.lambda_elements.push((lambda, key));
                } else if let Some((factory, _)) = called_function(a) {
                    // `self.hooks.push(hooks::bucket_histogram(bits))`: what the factory
                    // returns (`FileModel::factory_elements`).
                    let key = crate::model::element_key(&field);
                    self.b.model.factory_elements.push((factory, key));
                }
            }
        }
    }
}

/// Does an `if` with condition `cond` and body `body` pin a field again only when a size
/// outgrows it: the condition compares (`<`, `>`) and names the field the body assigns
/// (`if self.out.as_ref().map_or(true, |b| b.len() < need) { self.out = Some(..) }`)?
fn grows_field(cond: &str, body: &str) -> bool {
    // (`len < need`; or `len == cap` with a body that doubles: `alloc(cap * 2)`, not
    // `x * 255.0`.)
    let doubles = body
        .match_indices("*2")
        .any(|(i, _)| !body[i + 2..].starts_with(|c: char| c.is_ascii_digit() || c == '.'));
    let compares = cond
        .match_indices(['<', '>'])
        .any(|(i, c)| !(c == ">" && (cond[..i].ends_with('-') || cond[..i].ends_with('='))))
        || (cond.contains("==") && doubles);
    if !compares {
        return false;
    }
    // (The texts come without whitespace: `self.out=Some(..)`; not `==`, `<=`, `!=`.)
    body.match_indices('=').any(|(at, _)| {
        let plain = !body[at + 1..].starts_with('=') && !body[..at].ends_with(['=', '!', '<', '>']);
        let target = body[..at]
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .next()
            .unwrap_or("");
        // (A field, or what a reference or lock guard points at: `*g = Some(..)` with `g =
        // self.slab.lock()?`, a value that outlives the call.)
        let through = body[..at - target.len()].ends_with('*');
        plain
            && !target.is_empty()
            && (target.contains('.') || through)
            && crate::frontend::library::says(cond, target)
    })
}

/// Is `e` a fresh copy of what it reads (`buf.to_vec()`, `s.to_owned()`,
/// `buf.iter().copied().collect()`), so that storing it keeps none of its names?
fn copies_out(e: &Expr) -> bool {
    let Expr::MethodCall(m) = e else {
        return false;
    };
    match m.method.to_string().as_str() {
        "to_vec" | "to_owned" => true,
        "collect" => {
            let mut inner = &*m.receiver;
            while let Expr::MethodCall(r) = inner {
                if matches!(r.method.to_string().as_str(), "copied" | "cloned") {
                    return true;
                }
                inner = &r.receiver;
            }
            false
        }
        _ => false,
    }
}

/// `hooks::bucket_histogram(bits)`: the function a call names by its path (its last name),
/// and how many segments the path has.
fn called_function(e: &Expr) -> Option<(String, usize)> {
    let Expr::Call(c) = e else {
        return None;
    };
    let Expr::Path(p) = &*c.func else {
        return None;
    };
    let last = p.path.segments.last()?;
    Some((last.ident.to_string(), p.path.segments.len()))
}
