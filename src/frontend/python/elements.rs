//! What containers hold: `self.stages = [Decode(), Mix()]`, `out.append(Column(..))`,
//! `Pipeline([Decode(), Mix()])` storing `self.stages = list(stages)`. A loop over the
//! container (`for stage in self.stages: stage(batch)`) then calls the classes' methods.
//!
//! An attribute's elements are keyed `attr[]` (see `model::element_key`): the index binds that
//! key to classes as it binds attributes, wherever the run stores into it.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::views::class_like;
use super::{Py, field_text, positional};
use crate::frontend::builder::named_children;
use crate::frontend::extent::MAX_DEPTH;
use crate::model::element_key;

/// Calls that put their argument into the container they are called on.
const ADDS_ONE: &[&str] = &["append", "add", "appendleft"];

impl<'t> Py<'t, '_> {
    /// `[self.recorder]` with `self.recorder = Recorder()` earlier in the file: the one
    /// class the file binds the attribute to.
    pub(super) fn attribute_instance(&self, item: Node) -> Option<&'t str> {
        if item.kind() != "attribute" || field_text(&self.b, item, "object") != "self" {
            return None;
        }
        let attr = field_text(&self.b, item, "attribute");
        self.attr_instances.get(attr).copied().flatten()
    }

    /// The classes whose objects `value` makes as elements: a list, tuple or set of
    /// constructor calls (`[Decode(), Mix(bank)]`), a dict of them as values, a comprehension of one (`[Column(n, d)
    /// for ..]`), `list(..)`/`tuple(..)` of either, or a local that holds such elements.
    pub(super) fn element_classes<'n>(&self, value: Node<'n>, function: usize) -> Vec<&'t str> {
        self.element_classes_in(value, function, 0)
    }

    fn element_classes_in<'n>(
        &self,
        value: Node<'n>,
        function: usize,
        depth: usize,
    ) -> Vec<&'t str> {
        let mut out: Vec<&'t str> = Vec::new();
        // (`[A()] + [B()] + ..` nests one level per operator: generated code can be deep.)
        if depth > MAX_DEPTH {
            return out;
        }
        match value.kind() {
            "list" | "tuple" | "set" => {
                for item in named_children(value) {
                    // (`[cal, Align()]` with `cal = Calibrator(..)`: a local's object too.)
                    let bound = (item.kind() == "identifier")
                        .then(|| self.instances.get(&(function, self.b.text_of(item))))
                        .flatten()
                        .copied();
                    out.extend(
                        bound
                            .or_else(|| self.attribute_instance(item))
                            .or_else(|| self.constructed(item, function)),
                    );
                }
            }
            "list_comprehension" | "set_comprehension" | "generator_expression" => {
                if let Some(body) = value.field_child("body") {
                    out.extend(
                        self.constructed(body, function)
                            .or_else(|| self.registry_walked(value, body, function)),
                    );
                }
            }
            // `{"sonde": Sonde(cfg)}`, `{n: Op(cfg) for n in names}`: the values.
            "dictionary" => {
                for pair in named_children(value) {
                    if let Some(v) = pair.field_child("value") {
                        out.extend(self.constructed(v, function));
                    }
                }
            }
            "dictionary_comprehension" => {
                if let Some(v) = value
                    .field_child("body")
                    .and_then(|b| b.field_child("value"))
                {
                    out.extend(
                        self.constructed(v, function)
                            .or_else(|| self.registry_walked(value, v, function)),
                    );
                }
            }
            "call" if matches!(field_text(&self.b, value, "function"), "list" | "tuple") => {
                let args = value
                    .field_child("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                if let [one] = positional(&args)[..] {
                    out = self.element_classes_in(one, function, depth + 1);
                }
            }
            // `build_callbacks(names)`: a project factory whose list holds what it makes
            // (`return [CALLBACKS[n]() for n in names]`; `analysis::makers` expands it).
            "call" => {
                let f = field_text(&self.b, value, "function");
                if !f.is_empty()
                    && f.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                {
                    out.push(f);
                }
            }
            "identifier" => {
                if let Some(classes) = self.items_of.get(&(function, self.b.text_of(value))) {
                    out.clone_from(classes);
                }
            }
            // `[Decode()] + [Mix()]`.
            "binary_operator" => {
                for side in ["left", "right"] {
                    if let Some(s) = value.field_child(side) {
                        out.extend(self.element_classes_in(s, function, depth + 1));
                    }
                }
            }
            _ => {}
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The element key of the module-level container whose elements `value` collects:
    /// `[HOOKS[n] for n in names]`, `{n: HOOKS[n]() for ..}`, `[HOOKS.get(n) for ..]`, `HOOKS.values()`,
    /// `list(HOOKS.values())`, or a local that holds such a collection.
    fn registry_elements<'n>(&self, value: Node<'n>, function: usize) -> Option<String> {
        self.registry_elements_in(value, function, 0)
    }

    fn registry_elements_in<'n>(
        &self,
        value: Node<'n>,
        function: usize,
        depth: usize,
    ) -> Option<String> {
        // (Depth-limited: `list(list(list(..)))` nested by a hostile file.)
        if depth > 4 {
            return None;
        }
        match value.kind() {
            "list_comprehension" | "generator_expression" | "set_comprehension" => {
                let body = value.field_child("body")?;
                self.registry_read(body, function).map(element_key)
            }
            // `{n: OPS[n](cfg) for n in names}`: the values.
            "dictionary_comprehension" => {
                let value = value.field_child("body")?.field_child("value")?;
                self.registry_read(value, function).map(element_key)
            }
            "call" => {
                let func = value.field_child("function")?;
                let args = value
                    .field_child("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                match func.kind() {
                    "identifier" if matches!(self.b.text_of(func), "list" | "tuple") => {
                        match positional(&args)[..] {
                            [one] => self.registry_elements_in(one, function, depth + 1),
                            _ => None,
                        }
                    }
                    "attribute" if field_text(&self.b, func, "attribute") == "values" => {
                        let object = func.field_child("object")?;
                        let name = self.b.text_of(object);
                        (object.kind() == "identifier" && self.is_module_container(name, function))
                            .then(|| element_key(name))
                    }
                    _ => None,
                }
            }
            "identifier" => self
                .elements_from
                .get(&(function, self.b.text_of(value)))
                .cloned(),
            _ => None,
        }
    }

    /// `xs = [Decode(), Mix()]` in a function, or `self.stages = [..]`: remember the
    /// elements' classes (a local's until it is assigned again; an attribute's as a
    /// binding of its element key).
    pub(super) fn assign_elements<'n>(&mut self, left: Node<'n>, right: Node<'n>, function: usize) {
        let classes = self.element_classes(right, function);
        let registry = self.registry_elements(right, function);
        match left.kind() {
            "identifier" if function != 0 => {
                let local = self.b.text_of(left);
                if classes.is_empty() {
                    self.items_of.remove(&(function, local));
                } else {
                    self.items_of.insert((function, local), classes);
                }
                match registry {
                    Some(key) => self.elements_from.insert((function, local), key),
                    None => self.elements_from.remove(&(function, local)),
                };
                // `mv = self.moves[i]`, `op = self.ops[name]`: one of what the attribute
                // holds, as in `for mv in self.moves`.
                match right
                    .field_child("value")
                    .filter(|v| right.kind() == "subscript" && v.kind() == "attribute")
                {
                    Some(held) => {
                        let attr = field_text(&self.b, held, "attribute");
                        self.element_of.insert((function, local), element_key(attr));
                    }
                    None => {
                        self.element_of.remove(&(function, local));
                    }
                }
            }
            "attribute" => {
                let attr = field_text(&self.b, left, "attribute");
                self.bind_elements(attr, &classes);
                // `self.sinks = list(sinks)`, `= tuple(sinks)`, `= sinks` from a parameter:
                // the functions callers hand over in it are the attribute's elements.
                if let Some(param) = self.parameter_copy(right) {
                    self.b.store_param(function, self.b.text_of(param), attr);
                }
                // `self.hooks = [HOOKS[n] for n in names]`: what `HOOKS` holds.
                if let Some(key) = registry {
                    let entry = (element_key(attr), key);
                    if !self.b.model.element_aliases.contains(&entry) {
                        self.b.model.element_aliases.push(entry);
                    }
                }
                // `self.transform = TRANSFORMS[name]`: one of what `TRANSFORMS` holds.
                if let Some(registry) = self.registry_read(right, function)
                    && matches!(field_text(&self.b, left, "object"), "self" | "cls")
                    && let Some(class) = self.b.model.functions[function].class.clone()
                {
                    let entry = (class, attr.to_string(), element_key(registry));
                    if !self.b.model.element_attrs.contains(&entry) {
                        self.b.model.element_attrs.push(entry);
                    }
                }
                // `self.callbacks = [log_step, partial(snapshot, store=..)]`: functions of
                // the module (or imported), called where the attribute's elements are.
                if matches!(right.kind(), "list" | "tuple") {
                    for item in named_children(right) {
                        let Some(f) = self
                            .callable_arg(item)
                            .filter(|f| f.kind() == "identifier")
                            .map(|f| self.b.text_of(f))
                            .filter(|f| !class_like(f) && !self.b.is_declared(function, f))
                        else {
                            continue;
                        };
                        let entry = (element_key(attr), f.to_string());
                        if !self.b.model.registered_functions.contains(&entry) {
                            self.b.model.registered_functions.push(entry);
                        }
                    }
                }
            }
            // `self.handlers[name] = Decode()`: one more element.
            "subscript" => {
                // (`self.hooks[name] = fn` with `fn` a parameter: `FileModel::param_elements`.)
                if right.kind() == "identifier"
                    && let Some(container) = left
                        .field_child("value")
                        .filter(|c| c.kind() == "attribute")
                {
                    let attr = field_text(&self.b, container, "attribute");
                    self.b.store_param(function, self.b.text_of(right), attr);
                }
                if let Some(class) = self.constructed(right, function)
                    && let Some(container) = left.field_child("value")
                {
                    self.add_element(container, class, function);
                }
            }
            _ => {}
        }
    }

    /// `xs.append(Column(..))`, `self.stages.extend([..])`: more elements of `container`.
    pub(super) fn call_adds_elements<'n>(
        &mut self,
        method: &str,
        container: Node<'n>,
        args: &[Node<'n>],
        function: usize,
    ) {
        // `self.monitors.append(fn)` with `fn` a parameter: see `FileModel::param_elements`.
        if container.kind() == "attribute" {
            let kept = match (method, &positional(args)[..]) {
                (m, [one]) if ADDS_ONE.contains(&m) => Some(*one),
                ("insert", [_, one]) => Some(*one),
                _ => None,
            };
            // (`self.hooks.extend(hooks)`: each of what the parameter holds.)
            let whole = match (method, &positional(args)[..]) {
                ("extend", [all]) => self.parameter_copy(*all).map(|p| self.b.text_of(p)),
                _ => None,
            };
            let one = kept
                .filter(|k| k.kind() == "identifier")
                .map(|k| self.b.text_of(k));
            if let Some(param) = one.or(whole) {
                let attr = field_text(&self.b, container, "attribute");
                self.b.store_param(function, param, attr);
            }
        }
        if let (m, [one]) = (method, &positional(args)[..])
            && ADDS_ONE.contains(&m)
        {
            self.appends_to_registry(container, *one, function);
        }
        let classes: Vec<&'t str> = match (method, &positional(args)[..]) {
            (m, [one]) if ADDS_ONE.contains(&m) => {
                self.constructed(*one, function).into_iter().collect()
            }
            ("insert", [_, one]) => self.constructed(*one, function).into_iter().collect(),
            ("extend", [one]) => self.element_classes(*one, function),
            _ => return,
        };
        for class in classes {
            self.add_element(container, class, function);
        }
    }

    fn add_element<'n>(&mut self, container: Node<'n>, class: &'t str, function: usize) {
        match container.kind() {
            "identifier" if function != 0 => {
                let v = self
                    .items_of
                    .entry((function, self.b.text_of(container)))
                    .or_default();
                if !v.contains(&class) {
                    v.push(class);
                }
            }
            "attribute" => {
                let attr = field_text(&self.b, container, "attribute");
                self.bind_elements(attr, &[class]);
            }
            _ => {}
        }
    }

    fn bind_elements(&mut self, attr: &str, classes: &[&str]) {
        for class in classes {
            let binding = (element_key(attr), class.to_string(), true);
            if !self.b.model.bindings.contains(&binding) {
                self.b.model.bindings.push(binding);
            }
        }
    }

    /// `for stage in self.stages`, `for i, stage in enumerate(self.stages)`, `for k, h in
    /// self.handlers.items()`, and the same clauses of a comprehension: the loop variable
    /// holds an element of the container. Of an attribute, calls on it are resolved by the
    /// attribute's element key; of a local list of known classes, by those classes.
    pub(super) fn bind_loop_element<'n>(
        &mut self,
        left: Node<'n>,
        right: Node<'n>,
        function: usize,
    ) {
        if function == 0 {
            return;
        }
        let (target, iterable) = match (left.kind(), self.unwrap_iterable(right)) {
            ("identifier", (it, false)) => (left, it),
            ("pattern_list" | "tuple_pattern", (it, true)) => match named_children(left)[..] {
                [_, second] if second.kind() == "identifier" => (second, it),
                _ => return,
            },
            _ => return,
        };
        let local = self.b.text_of(target);
        self.element_of.remove(&(function, local));
        self.class_sets.remove(&(function, local));
        match iterable.kind() {
            "attribute" => {
                let attr = field_text(&self.b, iterable, "attribute");
                self.walks_elements(function, local, element_key(attr));
            }
            // `for fn in _subscribers[topic]`: an element of what the module's container
            // keeps under any key.
            "subscript" => {
                if let Some(name) = iterable
                    .field_child("value")
                    .filter(|v| v.kind() == "identifier")
                    .map(|v| self.b.text_of(v))
                    .filter(|n| !self.b.is_local(function, n))
                {
                    self.walks_elements(function, local, element_key(name));
                }
            }
            "identifier" => {
                let name = self.b.text_of(iterable);
                let items = self.items_of.get(&(function, name)).cloned();
                match items.as_deref() {
                    Some([class]) => {
                        self.instances.insert((function, local), class);
                    }
                    // `callbacks = [Logger(), Movie()]` .. `for cb in callbacks:
                    // cb.on_step(..)`: any of them, by an element key of the function's own.
                    Some(classes) if !classes.is_empty() => {
                        let own = format!("{name}@{function}");
                        self.bind_elements(&own, classes);
                        self.element_of.insert((function, local), element_key(&own));
                    }
                    _ => {}
                }
                // `for fn in REWARDS.values()`, `for fn in fns` with `fns = [REWARDS[n]
                // for ..]`: an element of the module's registry.
                let key = self
                    .elements_from
                    .get(&(function, name))
                    .cloned()
                    .or_else(|| {
                        self.is_module_container(name, function)
                            .then(|| element_key(name))
                    });
                // (`cls(cfg)` in `for name, cls in HOOKS.items()`: a class of the registry.)
                if self.is_module_container(name, function) {
                    self.class_sets.insert((function, local), name);
                }
                if let Some(key) = key {
                    self.walks_elements(function, local, key);
                }
            }
            _ => {}
        }
    }

    /// `local` (of `function`) is an element of the container keyed `key`, which the
    /// function's last loop walks. (A comprehension's clause walks it too, but is no `for`
    /// statement.)
    fn walks_elements(&mut self, function: usize, local: &'t str, key: String) {
        if let Some(lp) = self
            .b
            .model
            .loops
            .last_mut()
            .filter(|l| l.function == function)
        {
            lp.walks = Some(key.clone());
        }
        self.element_of.insert((function, local), key);
    }

    /// `cls(cfg)` in a comprehension `[cls(cfg) for cls in HOOKS.values()]` (or `for
    /// name, cls in HOOKS.items()`): a class of the module's registry `HOOKS`. (The
    /// comprehension's own clause binds `cls`, which is walked after its assignment.)
    fn registry_walked<'n>(
        &self,
        comp: Node<'n>,
        made: Node<'n>,
        function: usize,
    ) -> Option<&'t str> {
        let callee = made
            .field_child("function")
            .filter(|f| made.kind() == "call" && f.kind() == "identifier")?;
        let callee = self.b.text_of(callee);
        named_children(comp)
            .into_iter()
            .filter(|c| c.kind() == "for_in_clause")
            .find_map(|clause| {
                let (left, right) = (clause.field_child("left")?, clause.field_child("right")?);
                let (iterable, pairs) = self.unwrap_iterable(right);
                let target = match (left.kind(), pairs) {
                    ("identifier", false) => left,
                    ("pattern_list" | "tuple_pattern", true) => *named_children(left).get(1)?,
                    _ => return None,
                };
                let name = self.b.text_of(iterable);
                (self.b.text_of(target) == callee
                    && iterable.kind() == "identifier"
                    && self.is_module_container(name, function))
                .then_some(name)
            })
    }

    /// A module-level name (not a local of `function`) spelled like a constant
    /// (`HOOKS`, `_REWARD_FNS`): a registry the module keeps.
    fn is_module_container(&self, name: &str, function: usize) -> bool {
        name.chars().any(|c| c.is_ascii_uppercase())
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && !self.b.is_local(function, name)
    }

    /// The container a loop walks, and whether it yields pairs whose second is the element:
    /// `enumerate(xs)`, `xs.items()`; `xs.values()`, `list(xs)`, `reversed(xs)` are `xs`.
    fn unwrap_iterable<'n>(&self, right: Node<'n>) -> (Node<'n>, bool) {
        if right.kind() != "call" {
            return (right, false);
        }
        let Some(func) = right.field_child("function") else {
            return (right, false);
        };
        let args = right
            .field_child("arguments")
            .map(named_children)
            .unwrap_or_default();
        match (func.kind(), self.b.text_of(func), &positional(&args)[..]) {
            ("identifier", "enumerate", [one, ..]) => (self.unwrap_iterable(*one).0, true),
            ("identifier", "list" | "tuple" | "reversed" | "sorted", [one]) => {
                self.unwrap_iterable(*one)
            }
            ("attribute", _, []) => {
                let object = func.field_child("object");
                match (field_text(&self.b, func, "attribute"), object) {
                    ("items", Some(o)) => (o, true),
                    ("values", Some(o)) => (o, false),
                    _ => (right, false),
                }
            }
            _ => (right, false),
        }
    }
}
