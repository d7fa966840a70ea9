//! Ownership and flow facts: where a call's value goes (stores, flows, returns, loop
//! elements), what names are bound to (classes, aliases), and the guards around a call (cache
//! hits, pool misses, grow-only buffers, fill-if-absent).

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::views::{argument_values, class_like};
use super::{CONTAINER_STORES, Py, compact, field_text, last_dotted, positional};
use crate::frontend::builder::{Scope, earlier_siblings, named_children, span};
use crate::model::{Expr, FlowTo, RETURNED, Receiver, Span};

impl<'t> Py<'t, '_> {
    /// Does `body` assign a name (or attribute) that the condition at `cond` tests is
    /// absent (`X is None`, `not hasattr(f, "_buf")`, `k not in cache`)?
    pub(super) fn fills_absent<'n>(&self, cond: Span, body: Node<'n>) -> bool {
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "function_definition" | "class_definition" | "lambda" => continue,
                "assignment" => {
                    if let Some(left) = n.field_child("left") {
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
                        let value = n.field_child("right").map(|r| self.b.text_of(r));
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
                        // `if self.cap < need: ..; self.cap = need`, `if self.n ==
                        // self.buf.shape[0]: bigger = pin(2 * n); ..; self.buf = bigger` (full).
                        // It reallocates only when a request outgrows it: amortised, not
                        // every call.
                        if left.kind() == "attribute" && !target.is_empty() {
                            let text = self.b.text.get(cond.start..cond.end).unwrap_or("");
                            let words: Vec<&str> = text
                                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                .collect();
                            let inequality = ["<", ">", "=="].iter().any(|op| text.contains(op))
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
    pub(super) fn assigned_name<'n>(&self, call: Node<'n>) -> Option<String> {
        self.assigned_name_of(value_of(call))
    }

    /// [`Self::assigned_name`] from the call's [`value_of`], found once for all of these.
    pub(super) fn assigned_name_of(&self, value: Option<(Node, Node)>) -> Option<String> {
        let (call, parent) = value?;
        if parent.kind() != "assignment" || parent.field_child("right")? != call {
            return None;
        }
        let left = parent.field_child("left")?;
        let target = match left.kind() {
            "pattern_list" | "tuple_pattern" => *named_children(left).last()?,
            _ => left,
        };
        Some(compact(self.b.text_of(target)))
    }

    /// [`RETURNED`] when the call's value is returned or yielded as it is.
    pub(super) fn returned_as_is<'n>(&self, call: Node<'n>) -> Option<String> {
        returned_as_is_of(value_of(call))
    }

    /// The container the call's value goes straight into: `xs.append(call)` (`xs`),
    /// `d[k] = call` (`d`), `[call for ..]` (where the list goes: the name or attribute
    /// it is assigned to, or [`RETURNED`]); or the element of a collection a loop around
    /// it walks (`for w in weights: setattr(w, name, call)` or `w.pin = call`: `w`), each
    /// iteration's buffer staying with its own element.
    pub(super) fn store_target<'n>(
        &self,
        call: Node<'n>,
        innermost: Option<usize>,
    ) -> Option<&'t str> {
        self.store_target_of(value_of(call), innermost)
    }

    /// [`Self::store_target`] from the call's [`value_of`].
    pub(super) fn store_target_of<'n>(
        &self,
        value: Option<(Node<'n>, Node<'n>)>,
        innermost: Option<usize>,
    ) -> Option<&'t str> {
        let (mut child, mut parent) = value?;
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
                "assignment" if up.field_child("right") == Some(c) => {
                    up.field_child("left").map(|l| self.b.text_of(l))
                }
                "return_statement" | "yield" => Some(RETURNED),
                _ => Some(""),
            }
        };
        match parent.kind() {
            "argument_list" => {
                let f = parent.parent()?.field_child("function")?;
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
                let left = parent.field_child("left")?;
                if parent.field_child("right") != Some(child) {
                    return None;
                }
                if let Some(slot) = element_slot(left) {
                    return Some(field_text(&self.b, slot, "value"));
                }
                (left.kind() == "attribute")
                    .then(|| on_element(left.field_child("object")))
                    .flatten()
                    .map(|o| self.b.text_of(o))
            }
            "list_comprehension" | "set_comprehension"
                if parent.field_child("body") == Some(child) =>
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
    pub(super) fn is_loop_element(&self, name: &str, innermost: Option<usize>) -> bool {
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
    pub(super) fn assignment<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        self.member_set(node, scope.function);
        // `self.engine, self.plan = engine, plan`: each pair as its own assignment.
        if let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
            && matches!(left.kind(), "pattern_list" | "tuple_pattern")
            && matches!(right.kind(), "expression_list" | "tuple")
        {
            let (lefts, rights) = (named_children(left), named_children(right));
            if lefts.len() == rights.len() {
                for (l, r) in lefts.into_iter().zip(rights) {
                    self.bind(scope.function, l, Some(r), None);
                    self.assign_elements(l, r, scope.function);
                    self.assignment_flows(l, r, scope);
                }
            }
        }
        if let Some(left) = node.field_child("left") {
            self.bind(
                scope.function,
                left,
                node.field_child("right"),
                node.field_child("type"),
            );
        }
        let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
        else {
            return;
        };
        // `HOST = SingleDeviceSharding(dev, memory_kind="pinned_host")` at a module's top:
        // other modules import it (`jax.device_put(x, HOST)`), like a function making one.
        if scope.function == 0
            && left.kind() == "identifier"
            && self.says_pin_value(self.b.text_of(right))
        {
            let name = self.b.text_of(left).to_string();
            self.b.model.pin_value_functions.push(name);
        }
        if let Some(slot) = element_slot(left) {
            let container = field_text(&self.b, slot, "value");
            if let Some(key) = slot.field_child("subscript") {
                self.store_keys
                    .insert(node.start_byte(), self.b.text_of(key));
            }
            // `out[a:b] = v` copies `v`'s elements in.
            let mut cursor = slot.walk();
            if slot
                .children_by_field_name("subscript", &mut cursor)
                .any(|s| s.kind() == "slice")
            {
                self.not_kept.push(node.start_byte());
            }
            self.store_items(right, node.start_byte(), container);
        }
        self.assign_elements(left, right, scope.function);
        self.record_registry(left, right, scope.function);
        self.assignment_flows(left, right, scope);
        // `self.buf = None`: the next `if self.buf is None:` fills it again.
        if right.kind() == "none" && matches!(left.kind(), "identifier" | "attribute") {
            let name = compact(self.b.text_of(left));
            self.b
                .model
                .resets
                .push((scope.function, name, node.start_byte()));
        }
        // `for w in weights: w.pin = buf`: `buf` stays with its element.
        if left.kind() == "attribute"
            && let Some(owner) = left.field_child("object")
            && owner.kind() == "identifier"
            && self.is_loop_element(self.b.text_of(owner), scope.innermost_loop)
        {
            self.store_items(right, node.start_byte(), self.b.text_of(owner));
        }
        self.declare_targets(left, scope.function);
        if left.kind() == "attribute" {
            // `client.on_message = handle`: handed over as a keyword of that name would be
            // (`WebSocketApp(url, on_message=handle)`), for the framework to call.
            let attr = field_text(&self.b, left, "attribute");
            if self.catalog.entry_points.is_keyword(attr)
                && let Some(value) = self.callable_arg(right)
            {
                let name = last_dotted(self.b.text_of(value)).to_string();
                self.b.model.passed_functions.push((attr.to_string(), name));
            }
            self.attribute_function(node, left, right, scope);
            self.attribute_constant(left, Some(right), scope);
            return;
        }
        if left.kind() != "identifier" {
            return;
        }
        let name = self.b.text_of(left);
        let size = (right.kind() == "call")
            .then(|| self.made_size(right, scope.function))
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
        let raw_right = right;
        // (`x = Cache(..) if on else None` binds a `Cache` where it binds anything.)
        let right = right.map(|r| match r.kind() {
            "conditional_expression" => r.named_child(0).unwrap_or(r),
            _ => r,
        });
        let from_call = right.and_then(|r| self.constructed(r, function));
        let from_type = annotation.and_then(|t| annotated_class(self.b.text_of(t)));
        if left.kind() == "identifier" && function != 0 {
            let local = self.b.text_of(left);
            self.bind_callables(function, local, raw_right);
            self.bind_partial(function, local, raw_right);
            self.bind_class_set(function, local, right);
            // (`enh: Enhancer = request.app["enhancer"]`: the annotation says the class.)
            match from_call.or(from_type) {
                Some(class) => self.instances.insert((function, local), class),
                None => self.instances.remove(&(function, local)),
            };
        }
        if left.kind() == "attribute"
            && field_text(&self.b, left, "object") == "self"
            && let Some(class) = from_call
        {
            let attr = field_text(&self.b, left, "attribute");
            let e = self.attr_instances.entry(attr).or_insert(Some(class));
            if *e != Some(class) {
                *e = None;
            }
        }
        // `self.cache = cache` from a parameter: the caller's argument decides the class
        // (`self.stages = list(stages)`: the classes of its elements).
        if left.kind() == "attribute"
            && let Some(r) = raw_right.and_then(|r| self.parameter_copy(r))
            && matches!(field_text(&self.b, left, "object"), "self" | "cls")
            && self.b.is_param(function, self.b.text_of(r))
        {
            self.b.model.param_attrs.push((
                function,
                self.b.text_of(r).to_string(),
                field_text(&self.b, left, "attribute").to_string(),
            ));
        }
        // `self.cache = cache_cls(numel)`: the class the caller passes decides it.
        if left.kind() == "attribute"
            && let Some(r) = right.filter(|r| r.kind() == "call")
            && let Some(callee) = r.field_child("function")
            && callee.kind() == "identifier"
            && matches!(field_text(&self.b, left, "object"), "self" | "cls")
            && self.b.is_param(function, self.b.text_of(callee))
        {
            self.b.model.param_factories.push((
                function,
                self.b.text_of(callee).to_string(),
                field_text(&self.b, left, "attribute").to_string(),
            ));
        }
        let (name, attr) = match left.kind() {
            // (`global _HASHER; _HASHER = make_hasher(..)` in a worker's initializer binds
            // the module's name.)
            "identifier"
                if function == 0
                    || self
                        .shared_names
                        .contains(&(function, self.b.text_of(left))) =>
            {
                (self.b.text_of(left), false)
            }
            "attribute" => (field_text(&self.b, left, "attribute"), true),
            _ => return,
        };
        if let Some(class) = from_type.or(from_call) {
            self.b
                .model
                .bindings
                .push((name.to_string(), class.to_string(), attr));
        }
    }

    /// `p`, `list(p)`, `tuple(p)`: the name whose value (or elements) an assignment keeps.
    pub(super) fn parameter_copy<'n>(&self, right: Node<'n>) -> Option<Node<'n>> {
        match right.kind() {
            "identifier" => Some(right),
            "call" if matches!(field_text(&self.b, right, "function"), "list" | "tuple") => {
                match named_children(right.field_child("arguments")?)[..] {
                    [one] if one.kind() == "identifier" => Some(one),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `build = partial(DataLoader, .., pin_memory=True)`: see `Py::partials`.
    fn bind_partial<'n>(&mut self, function: usize, local: &'t str, right: Option<Node<'n>>) {
        let bound = right.filter(|r| r.kind() == "call").and_then(|r| {
            let func = r.field_child("function")?;
            if last_dotted(self.b.text_of(func)) != "partial" {
                return None;
            }
            let args = named_children(r.field_child("arguments")?);
            let first = *positional(&args).first()?;
            if !matches!(first.kind(), "identifier" | "attribute") {
                return None;
            }
            let pins = self
                .pin_memory_kwarg(&args)
                .is_some_and(|v| self.is_true(self.b.text_of(v), function));
            Some((last_dotted(self.b.text_of(first)), pins))
        });
        match bound {
            Some(b) => self.partials.insert((function, local), b),
            None => self.partials.remove(&(function, local)),
        };
    }

    /// `step = lib.fast if on else lib.slow`, `fn = self._step`: a local bound to
    /// functions, not to what they return; calling the local calls each of them.
    fn bind_callables<'n>(&mut self, function: usize, local: &'t str, right: Option<Node<'n>>) {
        // `handler = getattr(self, f"_on_{kind}", self._on_unknown)`.
        if let Some(r) = right {
            let targets = self.getattr_targets(r, function);
            if !targets.is_empty() {
                self.callables.insert((function, local), targets);
                return;
            }
        }
        let refs = match right {
            Some(r) if r.kind() == "conditional_expression" => {
                // (`a if cond else b`: the value is the first and last named children.)
                let parts = named_children(r);
                [parts.first().copied(), parts.get(2).copied()]
            }
            Some(r) => [Some(r), None],
            None => [None, None],
        };
        let targets: Vec<(&'t str, Receiver)> = refs
            .into_iter()
            .flatten()
            .filter_map(|r| match r.kind() {
                "identifier" => Some((self.b.text_of(r), Receiver::None)),
                "attribute" => Some((field_text(&self.b, r, "attribute"), self.receiver(r))),
                _ => None,
            })
            .filter(|(name, _)| !matches!(*name, "None" | "True" | "False"))
            .collect();
        if targets.is_empty() {
            self.callables.remove(&(function, local));
        } else {
            self.callables.insert((function, local), targets);
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
            .and_then(|s| s.field_child("value"))
            .unwrap_or(left);
        let root = self.b.text_of(target);
        let root = crate::model::root_name(root);
        let to = if matches!(root, "self" | "cls") && target.kind() == "attribute" {
            FlowTo::Member
        } else if target.kind() == "identifier" && !self.shared_names.contains(&(function, root)) {
            // `both = (out, other)`: `out` goes where `both` goes; so does `ptr` for a view
            // of it (`raw = (c_byte * n).from_address(ptr.value)`).
            for name in self.carried(right) {
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
            // `surface._registered = arr.ctypes.data` with `surface` a parameter: handed to
            // the caller's object (an exit before it loses what it holds).
            if target.kind() == "attribute" && self.b.is_param(function, root) {
                let held = match right.kind() {
                    "identifier" | "attribute" => vec![right],
                    _ => super::views::carried_names(right, self.b.text),
                };
                let stored = compact(self.b.text_of(left));
                for h in held {
                    let name = compact(self.b.text_of(h));
                    self.b.add_store(scope, name, stored.clone(), span(left));
                }
            }
            return;
        };
        self.flow(right, function, to);
    }

    /// The names `value` carries as they are (`out`, `a, out`, `[a, out]`) go to `to`.
    pub(super) fn flow<'n>(&mut self, value: Node<'n>, function: usize, to: FlowTo) {
        for name in self.carried(value) {
            let name = self.b.text_of(name).to_string();
            self.b.model.flows.push((function, name, to));
        }
    }

    /// Names stored by a statement at `at`: a name, the names in a list/tuple literal, or
    /// the arguments of an object built to be stored (`out.append(Pair(host, dev))`).
    pub(super) fn store_items<'n>(&mut self, value: Node<'n>, at: usize, container: &'t str) {
        if matches!(value.kind(), "identifier" | "list" | "tuple" | "set") {
            let direct = named_children(value).into_iter().chain([value]);
            for item in direct.filter(|i| i.kind() == "identifier") {
                self.direct.push((self.b.text_of(item), at));
            }
        }
        let items = match value.kind() {
            "identifier" => vec![value],
            "list" | "tuple" | "set" => named_children(value)
                .into_iter()
                .map(|i| self.tensor_itself(i).unwrap_or(i))
                .collect(),
            // `buf.to(device)`: the same tensor when nothing needs copying.
            "call" if let Some(t) = self.tensor_itself(value) => vec![t],
            // `tables[k] = cuda.to_device(buf)`: the device copy is kept, not `buf`.
            "call" if self.device_copy(value) => Vec::new(),
            "call" => argument_values(value),
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
    pub(super) fn after_cache_hit_return<'n>(&self, call: Node<'n>) -> bool {
        ancestors_in_iteration(call).any(|(child, parent)| {
            parent.kind() == "block"
                && earlier_siblings(child)
                    .any(|stmt| stmt.kind() == "if_statement" && self.returns_on_hit(stmt))
        })
    }

    /// Is the call in the `else` of a pool hit (`if pool["free"]: t = pool["free"].popleft()
    /// else: t = torch.empty(.., pin_memory=True)`)? It pins only when the pool is empty:
    /// the pool grows to its high-water mark and is reused after.
    pub(super) fn pool_miss<'n>(&self, call: Node<'n>) -> bool {
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

    /// `self.max_len = max(self.max_len, n)`, `self.cap = need`, `self.cap = 2 * need`:
    /// see `FileModel::member_sets`.
    fn member_set<'n>(&mut self, node: Node<'n>, function: usize) {
        let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
        else {
            return;
        };
        if left.kind() != "attribute" || field_text(&self.b, left, "object") != "self" {
            return;
        }
        // (Depth-limited: a hostile file nests thousands of operators.)
        fn size_like(b: &crate::frontend::builder::Builder, n: Node, depth: usize) -> bool {
            if depth > 8 {
                return false;
            }
            let sub = |c: Node| size_like(b, c, depth + 1);
            match n.kind() {
                "identifier" | "attribute" | "integer" => true,
                "call" => matches!(field_text(b, n, "function"), "max" | "int"),
                "binary_operator" => ["left", "right"]
                    .iter()
                    .all(|f| n.field_child(f).is_some_and(sub)),
                "parenthesized_expression" => n.named_child(0).is_some_and(sub),
                _ => false,
            }
        }
        if size_like(&self.b, right, 0) {
            let entry = (function, field_text(&self.b, left, "attribute").to_string());
            if !self.b.model.member_sets.contains(&entry) {
                self.b.model.member_sets.push(entry);
            }
        }
    }

    /// `self._reinitialize(n, b)` under `if n > self.max_len or b > self.batch:`: the
    /// attributes an ordering test compares (see `FileModel::grow_calls`).
    pub(super) fn grow_guard<'n>(&self, call: Node<'n>) -> Vec<String> {
        let Some((child, cond, body)) = enclosing_if(call) else {
            return Vec::new();
        };
        if body != child {
            return Vec::new();
        }
        let ordering = ["<", ">", "<=", ">="];
        let mut out: Vec<String> = Vec::new();
        let mut stack = vec![cond];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "boolean_operator" | "parenthesized_expression" => {
                    stack.extend(named_children(n));
                }
                "comparison_operator" => {
                    let mut cursor = n.walk();
                    let orders = n
                        .children(&mut cursor)
                        .any(|op| ordering.contains(&self.b.text_of(op)));
                    if !orders {
                        continue;
                    }
                    for side in named_children(n) {
                        if side.kind() == "attribute"
                            && field_text(&self.b, side, "object") == "self"
                        {
                            out.push(field_text(&self.b, side, "attribute").to_string());
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Is the call inside the `if` of a grow-only buffer: `if need > self.capacity:` whose
    /// body also sets `self.capacity`? It pins again only when a larger size than any
    /// before comes: a few times per process, not once per call.
    pub(super) fn grows_only<'n>(&self, call: Node<'n>) -> bool {
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
            stmt.field_child("condition"),
            stmt.field_child("consequence"),
        ) else {
            return false;
        };
        let returns = named_children(body)
            .last()
            .is_some_and(|last| last.kind() == "return_statement");
        if !returns || stmt.field_child("alternative").is_some() {
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
        // A pool hit: `if self._free: s = self._free.pop(); ..; return s`.
        let tested = compact(cond_text);
        if tested.starts_with("self.")
            && tested
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
            && compact(self.b.text_of(body)).contains(&format!("{tested}.pop"))
        {
            return true;
        }
        // Nothing changed since the buffer was made: `if n <= self.cap: return`, `if
        // self.ring.shape == shape: return`, where the function sets the member it tests
        // again after the `if`: it pins only when that state changes (a grow-only or
        // reshape-only buffer), not on every call.
        if cond.kind() == "comparison_operator"
            && self.member_set_after(stmt, &self.with_bound_values(stmt, &tested))
        {
            return true;
        }
        if cond.kind() != "identifier" {
            return false;
        }
        // `pool = self._pool.get(key)` before the `if`, in the same block.
        self.bound_before(stmt, cond_text)
            .is_some_and(|r| member_lookup(self.b.text_of(r)))
    }

    /// The value of the nearest assignment `name = value` among the statements before
    /// `stmt` in its block.
    fn bound_before<'n>(&self, stmt: Node<'n>, name: &str) -> Option<Node<'n>> {
        for s in earlier_siblings(stmt) {
            let assignment = (s.kind() == "expression_statement")
                .then(|| s.named_child(0))
                .flatten()
                .filter(|a| a.kind() == "assignment");
            if let Some(a) = assignment
                && a.field_child("left")
                    .is_some_and(|l| self.b.text_of(l) == name)
            {
                return a.field_child("right");
            }
        }
        None
    }

    /// Does the `if` at `stmt` test a name looked up just before in a collection the file
    /// also deletes from (`slot = self.slot_of.get(key)` .. `if slot is None:`, with `del
    /// self.slot_of[old]` in an eviction)? Such a cache misses again for a key it evicted:
    /// what its miss branch does is not once per key.
    pub(super) fn evicting_lookup<'n>(&self, stmt: Node<'n>) -> bool {
        let Some(cond) = stmt.field_child("condition") else {
            return false;
        };
        let tested = compact(self.b.text_of(cond));
        let name = tested
            .strip_suffix("isNone")
            .or_else(|| tested.strip_prefix("not"))
            .unwrap_or(&tested);
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        let Some(right) = self.bound_before(stmt, name) else {
            return false;
        };
        let looked_up = compact(self.b.text_of(right));
        let Some(container) = looked_up
            .split_once(".get(")
            .or_else(|| looked_up.split_once('['))
            .map(|(c, _)| c)
        else {
            return false;
        };
        // (A member's deletions are its class's: another class's `self.slot_of` is
        // another collection.)
        let class = container.starts_with("self.").then(|| {
            std::iter::successors(stmt.parent(), |n| n.parent())
                .find(|n| n.kind() == "class_definition")
        });
        let scope = match class {
            Some(Some(c)) => self.b.text_of(c),
            Some(None) => return false,
            None => self.b.text,
        };
        let text = compact(scope);
        !container.is_empty()
            && [
                format!("del{container}["),
                format!("{container}.pop("),
                format!("{container}.popitem("),
                format!("{container}.clear("),
            ]
            .iter()
            .any(|d| text.contains(d.as_str()))
    }

    /// Is the call inside `if self.step == 0:` (or `if not self.step:`) in a method that
    /// counts `self.step` up after the `if`, and that no method but `__init__` sets back?
    /// It runs on the object's first call only.
    pub(super) fn first_call_only<'n>(&self, call: Node<'n>) -> bool {
        let Some((child, cond, body)) = enclosing_if(call) else {
            return false;
        };
        if child != body {
            return false;
        }
        let test = compact(self.b.text_of(cond));
        let member = test
            .strip_suffix("==0")
            .or_else(|| test.strip_prefix("0=="))
            .or_else(|| test.strip_prefix("not"))
            .filter(|m| {
                m.strip_prefix("self.").is_some_and(|n| {
                    !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_')
                })
            });
        let Some(member) = member else {
            return false;
        };
        let stmt = cond.parent().unwrap_or(cond);
        let (Some(after), Some(class)) = (
            self.rest_of_function(stmt),
            std::iter::successors(cond.parent(), |p| p.parent())
                .find(|p| p.kind() == "class_definition"),
        ) else {
            return false;
        };
        if !after.contains(&format!("{member}+=1")) {
            return false;
        }
        // Set (`self.step = 0`) only in `__init__`.
        named_children(class.field_child("body").unwrap_or(class))
            .into_iter()
            .filter_map(|m| match m.kind() {
                "decorated_definition" => m.field_child("definition"),
                _ => Some(m),
            })
            .filter(|m| m.kind() == "function_definition")
            .all(|m| {
                !assigns(&compact(self.b.text_of(m)), member)
                    || field_text(&self.b, m, "name") == "__init__"
            })
    }

    /// The code of the function around `stmt` after it, without whitespace.
    fn rest_of_function(&self, stmt: Node) -> Option<String> {
        let function = std::iter::successors(stmt.parent(), |p| p.parent())
            .find(|p| p.kind() == "function_definition")?;
        let rest = self.b.text.get(stmt.end_byte()..function.end_byte());
        Some(compact(rest.unwrap_or("")))
    }

    /// `condition` with the values of the locals it names that the statements before
    /// `stmt` in its block bind (`have = self.blocks.shape[0]` then `if n <= have:`): what
    /// it really compares.
    fn with_bound_values(&self, stmt: Node, condition: &str) -> String {
        let mut out = condition.to_string();
        for s in earlier_siblings(stmt) {
            if let Some(a) = (s.kind() == "expression_statement")
                .then(|| s.named_child(0))
                .flatten()
                .filter(|a| a.kind() == "assignment")
                && let (Some(l), Some(r)) = (a.field_child("left"), a.field_child("right"))
                && l.kind() == "identifier"
            {
                let name = self.b.text_of(l);
                let named = condition
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == name);
                if named {
                    out.push(' ');
                    out.push_str(&compact(self.b.text_of(r)));
                }
            }
        }
        out
    }

    /// Does the function around `stmt` assign, after it, one of the members `condition`
    /// (compacted) mentions (`self.cap` for `n<=self.cap`, `self.ring` for
    /// `self.ring.shape==shape`)?
    fn member_set_after(&self, stmt: Node, condition: &str) -> bool {
        let Some(after) = self.rest_of_function(stmt) else {
            return false;
        };
        condition.match_indices("self.").any(|(at, _)| {
            let name: String = condition[at + 5..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            !name.is_empty() && assigns(&after, &format!("self.{name}"))
        })
    }

    /// `buf.to(device)`, `buf.view(..)`: a call that gives back the tensor named `buf`
    /// itself when its device and type already match: that name.
    fn tensor_itself<'n>(&self, node: Node<'n>) -> Option<Node<'n>> {
        const SAME_TENSOR: &[&str] = &["to", "view", "view_as", "narrow", "reshape", "flatten"];
        let func = node
            .field_child("function")
            .filter(|f| node.kind() == "call" && f.kind() == "attribute")?;
        let method = field_text(&self.b, func, "attribute");
        // (`buf.to(dev, non_blocking=True)` is an asynchronous copy to a device: a new
        // tensor, the pinned one left behind.)
        let to_device = method == "to"
            && node
                .field_child("arguments")
                .map(named_children)
                .unwrap_or_default()
                .iter()
                .any(|a| {
                    a.kind() == "keyword_argument"
                        && field_text(&self.b, *a, "name") == "non_blocking"
                });
        func.field_child("object")
            .filter(|o| o.kind() == "identifier" && SAME_TENSOR.contains(&method) && !to_device)
    }

    /// Is `call` one of `rules/ownership.toml`'s `device_copies` (`cuda.to_device(buf)`)?
    fn device_copy<'n>(&self, call: Node<'n>) -> bool {
        let name = last_dotted(field_text(&self.b, call, "function"));
        self.catalog
            .ownership
            .device_copies
            .iter()
            .any(|d| *d == name)
    }

    /// A scoped buffer bound to a name is kept when that name is stored into a container
    /// later in the same loop body.
    pub(super) fn resolve_stores(&mut self) {
        let stores = std::mem::take(&mut self.stores);
        self.b.mark_later_stores(stores.iter().copied());
        // (A queue's `put` hands the value to a consumer; it does not keep it.)
        let kept = self
            .direct
            .iter()
            .filter(|(_, at)| !self.not_kept.contains(at))
            .copied();
        self.b.mark_kept_results(kept);
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
            let cached = self.stores.iter().find(|(n, at, container)| {
                *n == name
                    && *at > ev.span.start
                    && *at < body.end
                    && self.b.guard_tests_absence(guard, negated, container)
            });
            if let Some((_, at, _)) = cached {
                once.push((i, self.store_keys.get(at).copied()));
            }
        }
        self.mark_cache_keys(once);
    }
}

/// Does `code` (without whitespace) assign `target` (`target=`, not `target==`)?
fn assigns(code: &str, target: &str) -> bool {
    let set = format!("{target}=");
    code.match_indices(&set)
        .any(|(i, _)| !code[i + set.len()..].starts_with('='))
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

/// [`RETURNED`] when the value (from [`value_of`]) is returned or yielded as it is.
pub(super) fn returned_as_is_of(value: Option<(Node, Node)>) -> Option<String> {
    let (_, parent) = value?;
    matches!(parent.kind(), "return_statement" | "yield").then(|| RETURNED.to_string())
}

/// Where the value of `node` goes: the outermost expression whose value it is (through
/// parentheses, and `a if c else b` when it is `a` or `b`) and that expression's parent.
pub(super) fn value_of(node: Node) -> Option<(Node, Node)> {
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
            .field_child("object")
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
        stmt.field_child("condition")?,
        stmt.field_child("consequence")?,
    ))
}

/// The names a binding target binds: `x`, each of `a, (b, c)`, the target of `as x`.
pub(super) fn target_names(target: Node) -> Vec<Node> {
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

/// The class an annotation names: `Cache`, `mod.Cache`, `Optional[Cache]`, `"Cache"`.
pub(super) fn annotated_class(annotation: &str) -> Option<&str> {
    let t = annotation.trim().trim_matches(|c| c == '"' || c == '\'');
    let t = t
        .strip_prefix("Optional[")
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(t);
    Some(last_dotted(t)).filter(class_like)
}
