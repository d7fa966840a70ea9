//! Calls and the events they make: pins and releases matched against the catalog,
//! launches and hooks, the arguments a call hands over (flags, callables, pointers, statuses).

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::views::class_like;
use super::{
    CONTAINER_STORES, HANDOFFS, LAUNCH_GRID, LAUNCHERS, MAX_NAME_ARGS, Py, compact, field_text,
    last_dotted, positional,
};
use crate::catalog::{ApiKind, MatchKind};
use crate::frontend::builder::{Scope, named_children, span};
use crate::model::{Event, Expr, FunctionKind, PtrScope, Receiver, TypedArg};

impl<'t> Py<'t, '_> {
    pub(super) fn call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let Some(func) = node.field_child("function") else {
            return;
        };
        // `actor.score.remote(x)`: a call of `actor.score` (`rules/context.toml`'s
        // `deferred_calls`).
        let func = self.deferred_target(func).unwrap_or(func);
        let (name, is_method) = match func.kind() {
            "identifier" => (self.b.text_of(func), false),
            "attribute" => (field_text(&self.b, func, "attribute"), true),
            "subscript" => {
                // `kernel[grid](..)`: the launch calls `grid` (see `LAUNCH_GRID`).
                if let Some(g) = func
                    .field_child("subscript")
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
                // `self.sinks["snapshot"](t, x)`, `REWARDS[name](x)`: an element of the
                // container, called.
                let container = func.field_child("value");
                let key = match container {
                    Some(c) if c.kind() == "attribute" => Some(crate::model::element_key(
                        field_text(&self.b, c, "attribute"),
                    )),
                    Some(c) if c.kind() == "identifier" => self
                        .registry_read(func, scope.function)
                        .map(crate::model::element_key),
                    _ => None,
                };
                if let Some(key) = key {
                    self.b
                        .add_call(scope, "__call__", Receiver::Expr, span(node));
                    if let Some(c) = self.b.model.calls.last_mut() {
                        c.receiver_attr = Some(key);
                    }
                }
                return;
            }
            // `getattr(self, f"_on_{kind}")(ev)`: each method the name can spell.
            "call" => {
                for (callee, receiver) in self.getattr_targets(func, scope.function) {
                    self.b.add_call(scope, callee, receiver, span(node));
                }
                return;
            }
            _ => return,
        };
        // `cls(..)` in a classmethod constructs its class.
        let class = self.b.model.functions[self.b.model.owner(scope.function)]
            .class
            .clone();
        let name = match class.as_deref() {
            Some(c) if !is_method && name == "cls" && self.b.is_param(scope.function, "cls") => c,
            _ => name,
        };
        let args = node
            .field_child("arguments")
            .map(named_children)
            .unwrap_or_default();
        if is_method && name == "add_argument" {
            self.argparse_default(&args);
        }
        self.startup_registrations(name, is_method.then_some(func), &args);
        if is_method && CONTAINER_STORES.contains(&name) {
            if let Some(object) = func.field_child("object") {
                self.call_adds_elements(name, object, &args, scope.function);
            }
            let container = field_text(&self.b, func, "object");
            if HANDOFFS.contains(&name) {
                self.not_kept.push(node.start_byte());
            }
            for a in &args {
                self.store_items(*a, node.start_byte(), container);
            }
            // `self._ptrs.append(arr.ctypes.data)`: a loop over `self._ptrs` reaches it.
            for a in positional(&args) {
                let item = self.pointer(a);
                self.b
                    .add_slot_store(scope, item, compact(container), span(node));
            }
            // `self.slots.append(sess)`: `sess` goes onto the object.
            let root = crate::model::root_name(container);
            if matches!(root, "self" | "cls") && container.len() > root.len() {
                for a in &args {
                    self.flow(*a, scope.function, crate::model::FlowTo::Member);
                }
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
        let pin_value = self.pin_memory_kwarg(&args);
        // `build(ds)` with `build = partial(DataLoader, .., pin_memory=True)`: a call of the
        // function the partial binds, with its keywords too.
        let (name, bound_pins) = match self.partials.get(&(scope.function, name)) {
            Some(&(bound, pins)) if !is_method => (bound, pins),
            _ => (name, false),
        };
        let pins_kwarg = bound_pins
            || pin_value.is_some_and(|v| self.is_true(self.b.text_of(v), scope.function));
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
                    .filter(|&id| {
                        matches!(self.catalog.apis[id].kind, ApiKind::Alloc | ApiKind::Loader)
                    })
            });
        // Last: a pinned kind a project function may make (`Event::pins_if`).
        let maker = api
            .is_none()
            .then(|| self.pin_arg_maker(name, &args))
            .flatten();
        let api = api.or(maker.as_ref().map(|(id, _)| *id));
        // (A parameter flag: the pin runs only where callers leave it on.)
        let flag_condition = flag_kwarg.flatten();
        let Some(api_id) = api else {
            self.finalizer_release(node, name, &args, scope);
            // `step(x)` on a local bound to functions (`step = lib.fast if on else lib.slow`)
            // or on a parameter annotated with a class: each of them.
            let targets = self
                .callables
                .get(&(scope.function, name))
                .filter(|_| !is_method)
                .cloned()
                .unwrap_or_default();
            // `stage(x)`, `stage.f(x)` in `for stage in self.stages`: the method of the
            // classes the container's elements have, by its element key.
            let object = func
                .field_child("object")
                .filter(|o| is_method && o.kind() == "identifier");
            // (A local whose class is stated, `enh: Enhancer = app["enhancer"]`, is an
            // object of that class, not any element of the container it is read from.)
            let held = object.map_or(name, |o| self.b.text_of(o));
            let element = self
                .element_of
                .get(&(scope.function, held))
                .filter(|_| !self.instances.contains_key(&(scope.function, held)))
                .cloned();
            // `chan(x)` on a local bound to `Channelizer(..)`: its `__call__`.
            match self
                .instances
                .get(&(scope.function, name))
                .filter(|_| !is_method)
            {
                _ if element.is_some() && (is_method || targets.is_empty()) => {
                    let callee = if is_method { name } else { "__call__" };
                    self.b.add_call(scope, callee, Receiver::Expr, span(node));
                    if let Some(c) = self.b.model.calls.last_mut() {
                        c.receiver_attr = element;
                    }
                }
                Some(&class) => {
                    let receiver = Receiver::Name(class.to_string());
                    self.b.add_call(scope, "__call__", receiver, span(node))
                }
                None if !targets.is_empty() => {
                    let (callee, receiver) = targets[0].clone();
                    self.b.add_call(scope, callee, receiver, span(node));
                }
                None => {
                    let object = func.field_child("object").filter(|_| is_method);
                    // `buf.f()` on a local bound to `Cache(..)`: `Cache.f`.
                    let instance = object
                        .filter(|o| o.kind() == "identifier")
                        .and_then(|o| self.instances.get(&(scope.function, self.b.text_of(o))));
                    let receiver = match instance {
                        Some(&class) => Receiver::Name(class.to_string()),
                        None => self.receiver(func),
                    };
                    let on_self = receiver == Receiver::SelfRef;
                    self.b.add_call(scope, name, receiver, span(node));
                    // `smoother(pts, t)` on a parameter: also the `__call__` of the objects
                    // the callers hand over in it (`bind_param_args`).
                    if !is_method && self.is_param(scope.function, name) {
                        let on = Receiver::Name(name.to_string());
                        self.b.add_call(scope, "__call__", on, span(node));
                    }
                    if let Some(object) = object {
                        let object: String = self.b.text_of(object).split_whitespace().collect();
                        self.b.unguard_presence_of(scope, &object);
                    }
                    if on_self && scope.guard.is_some() {
                        let members = self.grow_guard(node);
                        if !members.is_empty() {
                            self.b.model.grow_calls.push((span(node), members));
                        }
                    }
                }
            }
            // (Where the value goes is found once: `Node::parent` walks from the root.)
            let value = super::facts::value_of(node);
            let assigned = self.assigned_name_of(value);
            let result = super::facts::returned_as_is_of(value).or_else(|| assigned.clone());
            self.b.set_last_result(result);
            // `readers.append(Reader(p))`, `[Reader(p) for p in paths]` bound to a name:
            // the container keeps every value the call makes.
            if self
                .store_target_of(value, scope.innermost_loop)
                .is_some_and(|t| !t.is_empty() && t != crate::model::RETURNED)
            {
                self.b.keep_last_result();
            }
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
            self.counter_args(&args);
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
            self.handed_collections(&args, span(node));
            let typed = self.typed_args(&args, scope.function);
            if let Some(c) = self.b.model.calls.last_mut() {
                c.typed_args = typed;
            }
            // `a.b.sampler.f()`: remember `sampler`, whose class may be known.
            if let Some(object) = func
                .field_child("object")
                .filter(|o| o.kind() == "attribute")
            {
                let attr = field_text(&self.b, object, "attribute").to_string();
                if let Some(c) = self.b.model.calls.last_mut() {
                    c.receiver_attr = Some(attr);
                }
            }
            if assigned.is_some_and(|d| self.b.guards_absence(scope, &d)) {
                self.b.guard_last_call();
            }
            // (The other functions the local may hold: the same call of each.)
            if let Some(last) = self.b.model.calls.last().cloned() {
                for (callee, receiver) in targets.into_iter().skip(1) {
                    self.b.model.calls.push(crate::model::CallSite {
                        callee: callee.to_string(),
                        receiver,
                        ..last.clone()
                    });
                }
            }
            // `web.get("/snapshot", snapshot)`, `web.route("POST", "/x", h)`: an aiohttp route
            // definition (handed to `app.add_routes([..])`) registers its handler as a route
            // decorator of that name would.
            if let Some(handler) = self.route_handler(name, func, &args) {
                let key = format!("{}{name}", crate::catalog::ROUTE_PREFIX);
                self.b.model.passed_functions.push((key, handler));
            }
            // `t.register_hook(f)`, `saved_tensors_hooks(pack, unpack)`: callbacks that run
            // once per tensor per step. In a subclass of a hook-taking class,
            // `super().__init__(pack, unpack)` passes them the same way.
            let base = (name == "__init__" && field_text(&self.b, func, "object") == "super()")
                .then(|| self.hook_base(scope.function))
                .flatten();
            let name = base.as_deref().unwrap_or(name);
            if self
                .catalog
                .entry_points
                .is_hook_call(name, func.kind() == "attribute")
            {
                let passed: Vec<Node> = args.iter().filter_map(|a| self.callable_arg(*a)).collect();
                for a in passed {
                    // `register_forward_hook(self)`, `(probe)` with `probe = Probe()`: the
                    // object's class's `__call__` (see `model::qualified`).
                    let text = self.b.text_of(a);
                    // (`pool.map(fn, xs)` in `for fn in fns`: what the container holds.)
                    if let Some(key) = self.element_of.get(&(scope.function, text)) {
                        let entry = (name.to_string(), key.clone());
                        self.b.model.passed_elements.push(entry);
                        continue;
                    }
                    let object = match a.kind() {
                        "identifier" if text == "self" => self.class_now.get(),
                        "identifier" => self.instances.get(&(scope.function, text)).copied(),
                        _ => None,
                    };
                    let f = match object {
                        Some(class) => crate::model::qualified(class, "__call__"),
                        None => last_dotted(text).to_string(),
                    };
                    self.b.model.passed_functions.push((name.to_string(), f));
                }
                // `register_forward_hook(self._make_hook(name))`: the closure the factory
                // returns is the callback; `(ActStats(name))`: the object's `__call__`. (A
                // `partial(f, ..)` is `callable_arg`'s, above.)
                for a in args.iter().filter(|a| a.kind() == "call") {
                    if self.callable_arg(*a).is_none()
                        && let Some(f) = a.field_child("function")
                    {
                        let factory = last_dotted(self.b.text_of(f)).to_string();
                        if class_like(&factory.as_str()) {
                            let f = crate::model::qualified(&factory, "__call__");
                            self.b.model.passed_functions.push((name.to_string(), f));
                            continue;
                        }
                        self.b
                            .model
                            .passed_factories
                            .push((name.to_string(), factory));
                    }
                }
            }
            // `pool.submit(f, ..)`, `Thread(target=f)`: the pool or thread calls `f`.
            if let Some(&(_, at)) = LAUNCHERS.iter().find(|(l, _)| *l == name) {
                let target = self.kwarg(&args, "target").or_else(|| match at {
                    Some(i) => super::positional(&args).get(i).copied(),
                    None => args
                        .iter()
                        .copied()
                        .find(|a| self.callable_arg(*a).is_some()),
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
        let copied = pinned.or_else(|| func.field_child("object"));
        if size.is_none()
            && api.kind == ApiKind::PinCopy
            && let Some(made) = copied.filter(|o| o.kind() == "call")
        {
            size = self.made_size(made, scope.function);
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
            .repeats_matter()
            .then(|| self.store_target(node, scope.innermost_loop))
            .flatten();
        let stored_in_container = target.is_some();
        let store = match target {
            Some(t) => Some(compact(t)),
            None if api.kind.repeats_matter() => self.returned_as_is(node),
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
            || self.first_call_only(node)
            || [Some(scope), outer].into_iter().flatten().any(|s| {
                self.assigned_name(node)
                    .is_some_and(|d| self.b.guards_absence(s, &d))
                    || pointer
                        .as_deref()
                        .is_some_and(|d| self.b.guards_absence(s, d))
            });
        let key_names = if guarded_once {
            // (The slot it is stored in names the key: `self.cache[key] = pin(..)`.)
            let dest = self
                .assigned_name(node)
                .filter(|d| d.contains('['))
                .or_else(|| pointer.clone());
            self.pin_key_names(scope, dest.as_deref())
        } else {
            Vec::new()
        };
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
                grows_only: false,
                stream_prologue: false,
                key_names,
                guard_flag: None,
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
                pins_if: maker.map(|(_, m)| m),
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

    /// A `pin_memory=` value that is a flag set elsewhere: `self.use_pin_memory`,
    /// `cls.pin` or a setting of a configuration handed in (`cfg.pin_memory`,
    /// `self.cfg.loader.pin_memory`) (`Some(None)`), or a parameter of `function`
    /// (`Some(Some(name))`). Not a local, a literal or any other expression.
    fn pin_flag(&self, value: Node, function: usize) -> Option<Option<String>> {
        match value.kind() {
            "attribute" => {
                let root = crate::model::root_name(self.b.text_of(value));
                (matches!(root, "self" | "cls") || self.is_param(function, root)).then_some(None)
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

    /// `app.on_startup.append(init)`, `Starlette(on_startup=[init])`: functions a server
    /// runs once, at start-up (`startup_lists` in `rules/context.toml`), handed over as
    /// `model::STARTUP`.
    fn startup_registrations(&mut self, method: &str, func: Option<Node>, args: &[Node]) {
        let context = &self.catalog.context;
        let mut handed: Vec<Node> = Vec::new();
        if let Some(object) = func
            .and_then(|f| f.field_child("object"))
            .filter(|o| o.kind() == "attribute")
            && matches!(method, "append" | "insert")
            && context.is_startup_list(field_text(&self.b, object, "attribute"))
        {
            handed.extend(positional(args).last().copied());
        }
        for a in args.iter().filter(|a| a.kind() == "keyword_argument") {
            let named = a
                .field_child("name")
                .is_some_and(|n| context.is_startup_list(self.b.text_of(n)));
            if let Some(v) = a.field_child("value").filter(|_| named)
                && matches!(v.kind(), "list" | "tuple")
            {
                handed.extend(named_children(v));
            }
        }
        for h in handed {
            if let Some(f) = self.callable_arg(h) {
                let entry = (
                    crate::model::STARTUP.to_string(),
                    last_dotted(self.b.text_of(f)).to_string(),
                );
                self.b.model.passed_functions.push(entry);
            }
        }
    }

    /// `Controller(policy, default_sinks(log))`, `Probes([stage_joints, partial(f, ..)])`:
    /// the function whose result is handed over (`CallSite::factory_args`), and the
    /// functions a list or tuple hands over (`CallSite::listed_args`).
    fn handed_collections(&mut self, args: &[Node], call: crate::model::Span) {
        for (i, a) in positional(args).into_iter().enumerate().take(MAX_NAME_ARGS) {
            match a.kind() {
                "list" | "tuple" => {
                    let listed: Vec<String> = named_children(a)
                        .into_iter()
                        .filter_map(|e| self.callable_arg(e))
                        .map(|f| last_dotted(self.b.text_of(f)).to_string())
                        .collect();
                    for f in listed {
                        self.b.add_listed_arg(call, i, f);
                    }
                }
                "call" if self.callable_arg(a).is_none() => {
                    let Some(func) = a
                        .field_child("function")
                        .filter(|f| f.kind() == "identifier")
                    else {
                        continue;
                    };
                    let name = self.b.text_of(func);
                    if !super::views::class_like(&name) && !matches!(name, "list" | "tuple") {
                        self.b.add_factory_arg(call, i, name.to_string());
                    }
                }
                _ => {}
            }
        }
    }

    /// `return [print_pose, partial(record_pose, ..)]`, `return partial(f, ..)`: the
    /// functions handed back by name (`FileModel::returned_refs`); not locals or
    /// parameters, which hold values.
    pub(super) fn return_refs(&mut self, value: Node, function: usize) {
        let values = match value.kind() {
            "list" | "tuple" => named_children(value),
            _ => vec![value],
        };
        for v in values {
            let Some(f) = self.callable_arg(v) else {
                continue;
            };
            let text = self.b.text_of(f);
            if f.kind() == "identifier"
                && (self.b.is_param(function, text) || self.b.is_plain_local(function, text))
            {
                continue;
            }
            let entry = (function, last_dotted(text).to_string());
            if function != 0 && !self.b.model.returned_refs.contains(&entry) {
                self.b.model.returned_refs.push(entry);
            }
        }
    }

    /// The function an argument hands over: a name or attribute (`self.grad_handle`), or
    /// the function a `functools.partial(f, ..)` binds.
    pub(super) fn callable_arg<'n>(&self, arg: Node<'n>) -> Option<Node<'n>> {
        match arg.kind() {
            "identifier" | "attribute" => Some(arg),
            "call" => {
                let func = arg.field_child("function")?;
                if last_dotted(self.b.text_of(func)) != "partial" {
                    return None;
                }
                let first = positional(&named_children(arg.field_child("arguments")?))
                    .first()
                    .copied()?;
                matches!(first.kind(), "identifier" | "attribute").then_some(first)
            }
            _ => None,
        }
    }

    /// The handler of a route definition: a method call named like a route decorator
    /// (`[[route]]`), a path literal (`"/x"`) among its first two arguments, and the
    /// function after it (`web.get("/x", handler)`, `web.route("GET", "/x", handler)`).
    fn route_handler<'n>(&self, name: &str, func: Node<'n>, args: &[Node<'n>]) -> Option<String> {
        if func.kind() != "attribute"
            || !self
                .catalog
                .entry_points
                .is_route(name, crate::model::Language::Python)
        {
            return None;
        }
        let args = positional(args);
        let path_at = args.iter().take(2).position(|a| {
            a.kind() == "string"
                && self
                    .b
                    .text_of(*a)
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .strip_prefix(['"', '\''])
                    .is_some_and(|t| t.starts_with('/'))
        })?;
        let handler = args.get(path_at + 1)?;
        (handler.kind() == "identifier" || handler.kind() == "attribute")
            .then(|| last_dotted(self.b.text_of(*handler)).to_string())
    }

    /// Is `name` a parameter of `function` (not `self` or `cls`)?
    fn is_param(&self, function: usize, name: &str) -> bool {
        !matches!(name, "self" | "cls") && self.b.is_param(function, name)
    }

    /// What a keyword argument hands over to be called (`collate_fn=pad_batch`): a function
    /// by its last name; an object (`collate_fn=Batcher(..)`, or a local bound to one) by
    /// its class's `__call__` (`model::qualified`); a parameter of `function` by the
    /// parameter (`FileModel::passed_params`: its callers' objects are the index's).
    pub(super) fn keyword_callable<'n>(&mut self, node: Node<'n>, function: usize) {
        let Some(value) = node.field_child("value") else {
            return;
        };
        let keyword = field_text(&self.b, node, "name").to_string();
        let Some(target) = self.callable_arg(value) else {
            // `collate_fn=Batcher(vocab)`: the object's class's `__call__`.
            if let Some(f) = value
                .field_child("function")
                .filter(|_| value.kind() == "call")
            {
                let class = last_dotted(self.b.text_of(f));
                if class_like(&class) {
                    let f = crate::model::qualified(class, "__call__");
                    self.b.model.passed_functions.push((keyword, f));
                } else if f.kind() == "identifier" {
                    // `collate_fn=make_collate(cfg)`: what the factory returns.
                    let made = (keyword, class.to_string());
                    self.b.model.passed_made.push(made);
                }
            }
            return;
        };
        let text = self.b.text_of(target);
        if target.kind() == "identifier" && function != 0 {
            if let Some(class) = self.instances.get(&(function, text)) {
                let f = crate::model::qualified(class, "__call__");
                self.b.model.passed_functions.push((keyword, f));
                return;
            }
            if self.catalog.entry_points.is_keyword(&keyword) && self.is_param(function, text) {
                let entry = (keyword, function, text.to_string());
                self.b.model.passed_params.push(entry);
                return;
            }
        }
        let name = last_dotted(text).to_string();
        self.b.model.passed_functions.push((keyword, name));
    }

    /// What `f.remote`, `actor.f.remote` or `f.options(..).remote` calls: `f`,
    /// `actor.f`.
    fn deferred_target<'n>(&self, func: Node<'n>) -> Option<Node<'n>> {
        if func.kind() != "attribute"
            || !self
                .catalog
                .context
                .is_deferred_call(field_text(&self.b, func, "attribute"))
        {
            return None;
        }
        let mut target = func.field_child("object")?;
        if target.kind() == "call" {
            let options = target.field_child("function")?;
            if options.kind() != "attribute"
                || field_text(&self.b, options, "attribute") != "options"
            {
                return None;
            }
            target = options.field_child("object")?;
        }
        matches!(target.kind(), "identifier" | "attribute").then_some(target)
    }

    /// The arguments that are objects of a known class: made there (`Cache(..)`), a local
    /// bound to one or a parameter annotated with a class; or containers of such objects
    /// (`[Decode(), Mix()]`, a local list of them). See `CallSite::typed_args`.
    fn typed_args<'n>(&self, args: &[Node<'n>], function: usize) -> Vec<TypedArg> {
        let class_of = |a: Node<'n>| {
            let name = self.b.text_of(a);
            if a.kind() == "call" {
                let made = last_dotted(field_text(&self.b, a, "function"));
                return class_like(&made).then_some(made);
            }
            (a.kind() == "identifier")
                .then(|| self.instances.get(&(function, name)).copied())
                .flatten()
                .or_else(|| match self.callables.get(&(function, name))?.as_slice() {
                    [("__call__", Receiver::Name(class))] => Some(class.as_str()),
                    _ => None,
                })
        };
        // `cache_cls=SpillCache` (or `SpillCache if spill else None`): the class itself,
        // when the name is class-like and no local of the function.
        let factory_of = |a: Node<'n>| {
            let a = match a.kind() {
                "conditional_expression" => a.named_child(0)?,
                _ => a,
            };
            let name = match a.kind() {
                "identifier" if !self.b.is_declared(function, self.b.text_of(a)) => {
                    self.b.text_of(a)
                }
                "attribute" => field_text(&self.b, a, "attribute"),
                _ => return None,
            };
            class_like(&name).then_some(name)
        };
        let mut out = Vec::new();
        let mut push = |keyword: Option<String>, position: usize, a: Node<'n>| {
            let one = class_of(a).map(|c| (c, false)).into_iter();
            let elements = self.element_classes(a, function).into_iter();
            for (class, elements) in one.chain(elements.map(|c| (c, true))) {
                out.push(TypedArg {
                    keyword: keyword.clone(),
                    position: position as u8,
                    class: class.to_string(),
                    elements,
                    factory: false,
                });
            }
            if class_of(a).is_none()
                && let Some(class) = factory_of(a)
            {
                out.push(TypedArg {
                    keyword: keyword.clone(),
                    position: position as u8,
                    class: class.to_string(),
                    elements: false,
                    factory: true,
                });
            }
        };
        for (i, a) in positional(args).into_iter().enumerate().take(MAX_NAME_ARGS) {
            push(None, i, a);
        }
        for a in args.iter().filter(|a| a.kind() == "keyword_argument") {
            if let Some(v) = a.field_child("value") {
                push(Some(field_text(&self.b, *a, "name").to_string()), 0, v);
            }
        }
        out
    }

    /// What `func` (the callee expression) is called on.
    pub(super) fn receiver<'n>(&self, func: Node<'n>) -> Receiver {
        if func.kind() != "attribute" {
            return Receiver::None;
        }
        let Some(object) = func.field_child("object") else {
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

    /// The arguments of a call that are constants (`True`, `64`, `-1`).
    fn constant_args<'n>(
        &self,
        args: &[Node<'n>],
        function: usize,
    ) -> Vec<(Option<String>, usize, Expr)> {
        let params = &self.b.model.functions[function].params;
        let mut out = Vec::new();
        for (key, at, value) in self.keyed_args(args) {
            match value.and_then(|v| self.expr(v, 0).as_argument_in(params)) {
                Some(v) => out.push((key, at, v)),
                // `dtype=x.dtype` sets `dtype` to something unknown, and nothing else.
                None if key.is_some() => out.push((key, at, Expr::Unknown)),
                None => {}
            }
        }
        out
    }

    /// A call's arguments in order: (keyword, else none; position among the positional
    /// ones, `usize::MAX` for a keyword; the value). None after a splat: the positions
    /// after `*xs` are unknown.
    pub(super) fn keyed_args<'n>(
        &self,
        args: &[Node<'n>],
    ) -> Vec<(Option<String>, usize, Option<Node<'n>>)> {
        let mut out = Vec::new();
        let mut position: usize = 0;
        for a in args {
            out.push(match a.kind() {
                "keyword_argument" => (
                    Some(field_text(&self.b, *a, "name").to_string()),
                    usize::MAX,
                    a.field_child("value"),
                ),
                "list_splat" | "dictionary_splat" => return out,
                _ => {
                    position += 1;
                    (None, position - 1, Some(*a))
                }
            });
        }
        out
    }

    pub(super) fn kwarg<'n>(&self, args: &[Node<'n>], key: &str) -> Option<Node<'n>> {
        args.iter()
            .find(|a| a.kind() == "keyword_argument" && field_text(&self.b, **a, "name") == key)
            .and_then(|a| a.field_child("value"))
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
                grows_only: false,
                stream_prologue: false,
                key_names: Vec::new(),
                guard_flag: None,
                status_var: None,
                stored_in_container: false,
                store: None,
                condition: None,
                pin_flag: None,
                pins_if: None,
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
        let func = node.field_child("function")?;
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
        match named_children(node.field_child("arguments")?).as_slice() {
            [inner] if matches!(inner.kind(), "identifier" | "attribute") => Some(*inner),
            _ => None,
        }
    }

    pub(super) fn pointer<'n>(&self, node: Node<'n>) -> String {
        let mut n = node;
        loop {
            match n.kind() {
                "parenthesized_expression" => match named_children(n).as_slice() {
                    [inner] => n = *inner,
                    _ => break,
                },
                "call" => {
                    let func = n.field_child("function");
                    let no_args = n
                        .field_child("arguments")
                        .is_some_and(|a| named_children(a).is_empty());
                    // (`ctypes.c_void_p(arr.ctypes.data)`: the pointer it casts.)
                    let cast = func
                        .filter(|f| {
                            let name = last_dotted(self.b.text_of(*f));
                            self.catalog
                                .ownership
                                .pointer_casts
                                .iter()
                                .any(|c| *c == name)
                        })
                        .and_then(|_| n.field_child("arguments"))
                        .and_then(|a| positional(&named_children(a)).first().copied());
                    match func {
                        _ if let Some(inner) = cast => n = inner,
                        Some(f)
                            if no_args
                                && f.kind() == "attribute"
                                && matches!(
                                    field_text(&self.b, f, "attribute"),
                                    "data_ptr" | "data"
                                ) =>
                        {
                            match f.field_child("object") {
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
        if parent.kind() != "assignment" || parent.field_child("right")? != call {
            return None;
        }
        let left = parent.field_child("left")?;
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
    pub(super) fn attribute_function<'n>(
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
                    .field_child("arguments")
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
    pub(super) fn keyword_lookup(&self, value: Node) -> bool {
        let mut v = value;
        if v.kind() == "call" && field_text(&self.b, v, "function") == "bool" {
            match v.field_child("arguments").map(named_children) {
                Some(args) if args.len() == 1 => v = args[0],
                _ => return false,
            }
        }
        if v.kind() != "call" {
            return false;
        }
        let Some(f) = v
            .field_child("function")
            .filter(|f| f.kind() == "attribute")
        else {
            return false;
        };
        if !matches!(field_text(&self.b, f, "attribute"), "get" | "pop") {
            return false;
        }
        let args = v
            .field_child("arguments")
            .map(named_children)
            .unwrap_or_default();
        matches!(args.as_slice(), [key, default]
            if key.kind() == "string"
                && matches!(self.b.text_of(*default), "False" | "None" | "0"))
    }

    /// The value of a call's `pin_memory=` keyword, if it has one.
    pub(super) fn pin_memory_kwarg<'n>(&self, args: &[Node<'n>]) -> Option<Node<'n>> {
        args.iter()
            .find(|a| {
                a.kind() == "keyword_argument" && field_text(&self.b, **a, "name") == "pin_memory"
            })
            .and_then(|a| a.field_child("value"))
    }

    /// Is `value` `True`, or a name every binding of which (in `function`, else at module
    /// level) is `True`?
    pub(super) fn is_true(&self, value: &str, function: usize) -> bool {
        value == "True"
            || self
                .flags
                .get(&(function, value))
                .or_else(|| self.flags.get(&(0, value)))
                .copied()
                .unwrap_or(false)
    }
}
