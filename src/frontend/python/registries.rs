//! Registries and factories: where an object's class is decided by a name at run time.
//! `OPS = {"cloud": CloudMask}` and `@register_stage("detect") class Detect` fill a
//! registry; `OPS[name](cfg)`, `cls = STAGES[n]; cls(cfg)` and a project factory
//! (`make_op(cfg)`, which returns one of them) make an object of one of its classes. The
//! front end records each under the registry's or the factory's name (`FileModel::
//! registries`, `registering`, `class_decorators`, `returns`); the index expands the names
//! into classes across files.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::views::class_like;
use super::{Py, field_text, last_dotted};
use crate::frontend::builder::named_children;
use crate::model::FunctionKind;
use rustc_hash::FxHashSet as HashSet;

impl<'t> Py<'t, '_> {
    /// A module-level (or imported) name: what a registry is. (Read in a function, a name
    /// the function does not bind: a lazy parse may not have read the module's line.)
    fn module_level(&self, name: &str, function: usize) -> bool {
        self.b.model.module_names.iter().any(|n| n == name)
            || self.b.model.imported.iter().any(|(n, _)| n == name)
            || (function != 0 && !self.b.is_local(function, name))
    }

    /// A function of the project by its name: one this file defines at its top level (so
    /// far), or one it imports by name. What it returns, the index knows.
    fn project_function(&self, name: &str) -> bool {
        self.b.model.imported.iter().any(|(n, _)| n == name)
            || self
                .b
                .model
                .functions
                .iter()
                .any(|f| f.kind == FunctionKind::Function && f.class.is_none() && f.name == name)
            // (Defined at the file's top level in an item the lazy parse has not read.)
            || self
                .top_level_defs
                .get_or_init(|| top_level_defs(self.b.text))
                .contains(name)
    }

    /// The registry a class is read from: `OPS[name]`, `OPS.get(name)`.
    pub(super) fn registry_read<'n>(&self, expr: Node<'n>, function: usize) -> Option<&'t str> {
        let registry = match expr.kind() {
            "subscript" => expr.field_child("value")?,
            "call" => {
                let func = expr.field_child("function")?;
                if func.kind() != "attribute" || field_text(&self.b, func, "attribute") != "get" {
                    return None;
                }
                func.field_child("object")?
            }
            _ => return None,
        };
        self.registry_name(registry, function)
    }

    /// A registry as written: a module-level name (`OPS`), or a class's attribute
    /// (`Stage.registry`, `cls.registry` in a class method), by the attribute's name.
    fn registry_name<'n>(&self, registry: Node<'n>, function: usize) -> Option<&'t str> {
        match registry.kind() {
            "identifier" => {
                let name = self.b.text_of(registry);
                self.module_level(name, function).then_some(name)
            }
            "attribute" => {
                let owner = registry.field_child("object")?;
                let on_class = owner.kind() == "identifier"
                    && (self.b.text_of(owner) == "cls" || class_like(&self.b.text_of(owner)));
                on_class.then(|| field_text(&self.b, registry, "attribute"))
            }
            _ => None,
        }
    }

    /// What a call makes, by name: a class (`Decode(..)`, `mod.Decode(..)`), a registry
    /// (`OPS[name](cfg)`, `cls(cfg)` on `cls = OPS[name]`), or a project factory
    /// (`make_op(cfg)`). The index expands the last two (see the module's doc).
    pub(super) fn constructed<'n>(&self, item: Node<'n>, function: usize) -> Option<&'t str> {
        if item.kind() != "call" {
            return None;
        }
        let func = item.field_child("function")?;
        match func.kind() {
            "identifier" | "attribute" => {
                let name = last_dotted(self.b.text_of(func));
                if class_like(&name) {
                    return Some(name);
                }
                if func.kind() != "identifier" {
                    return None;
                }
                if let Some(registry) = self.class_sets.get(&(function, name)) {
                    return Some(registry);
                }
                self.project_function(name).then_some(name)
            }
            "subscript" | "call" => self.registry_read(func, function),
            _ => None,
        }
    }

    /// `cls = STAGES[name]`: the local holds a class of the registry (until bound again).
    pub(super) fn bind_class_set<'n>(
        &mut self,
        function: usize,
        local: &'t str,
        right: Option<Node<'n>>,
    ) {
        match right.and_then(|r| self.registry_read(r, function)) {
            Some(registry) => self.class_sets.insert((function, local), registry),
            None => self.class_sets.remove(&(function, local)),
        };
    }

    /// `OPS = {"cloud": CloudMask, ..}` (or a list or tuple of classes) at a module's top
    /// level; `OPS["x"] = XOp` anywhere; `STAGES[name] = cls` with `cls` a parameter, in a
    /// function that registers what it is given.
    pub(super) fn record_registry<'n>(&mut self, left: Node<'n>, right: Node<'n>, function: usize) {
        if left.kind() == "identifier" && function == 0 {
            let registry = self.b.text_of(left);
            let items: Vec<Node<'n>> = match right.kind() {
                "dictionary" => named_children(right)
                    .into_iter()
                    .filter(|p| p.kind() == "pair")
                    .filter_map(|p| p.field_child("value"))
                    .collect(),
                "list" | "tuple" | "set" => named_children(right),
                // `{c.name: c for c in (ChisqVeto, SineVeto)}`: the classes walked.
                "dictionary_comprehension" | "list_comprehension" | "set_comprehension" => {
                    self.comprehension_items(right)
                }
                _ => return,
            };
            for item in items {
                // (`"plume": lambda o: PlumeMoments(o.name)`: the class the lambda makes.)
                if item.kind() == "lambda" {
                    let made = item
                        .field_child("body")
                        .and_then(|b| self.constructed(b, function))
                        .filter(class_like);
                    if let Some(class) = made {
                        self.add_registry(registry, class);
                    }
                    continue;
                }
                let class = last_dotted(self.b.text_of(item));
                if matches!(item.kind(), "identifier" | "attribute") && class_like(&class) {
                    self.add_registry(registry, class);
                } else if item.kind() == "identifier" {
                    self.add_registered_function(registry, class);
                }
            }
            return;
        }
        if left.kind() != "subscript" || right.kind() != "identifier" {
            return;
        }
        let Some(registry) = left
            .field_child("value")
            .and_then(|v| self.registry_name(v, function))
        else {
            return;
        };
        let value = self.b.text_of(right);
        if class_like(&value) {
            self.add_registry(registry, value);
        } else if function == 0 {
            // (`REWARDS["code"] = code_reward` at the top: a function, if one is so named.)
            self.add_registered_function(registry, value);
        } else if function != 0 && self.b.is_param(function, value) {
            self.registers_into(function, registry);
        }
    }

    /// `function` keeps what it is given in `registry`: so do the functions around it
    /// (`register_stage(name)` returns `deco`, which stores).
    fn registers_into(&mut self, function: usize, registry: &str) {
        let mut at = Some(function);
        while let Some(f) = at {
            let g = &self.b.model.functions[f];
            if g.kind == FunctionKind::Function && !g.name.is_empty() {
                let entry = (g.name.clone(), registry.to_string());
                if !self.b.model.registering.contains(&entry) {
                    self.b.model.registering.push(entry);
                }
            }
            at = g.parent;
        }
    }

    /// `_subscribers[topic].append(fn)`, `HANDLERS.append(fn)` with `fn` a parameter: the
    /// function keeps what it is given in the module's container (an event bus's lists).
    pub(super) fn appends_to_registry<'n>(
        &mut self,
        container: Node<'n>,
        added: Node<'n>,
        function: usize,
    ) {
        let held = match container.kind() {
            "subscript" => container.field_child("value"),
            _ => Some(container),
        };
        let Some(registry) = held
            .filter(|h| h.kind() == "identifier")
            .map(|h| self.b.text_of(h))
            .filter(|r| function != 0 && self.module_level(r, function))
        else {
            return;
        };
        if added.kind() == "identifier" && self.b.is_param(function, self.b.text_of(added)) {
            self.registers_into(function, registry);
        }
    }

    /// The items a comprehension keeps when it keeps its loop variable over a literal
    /// list or tuple (`{c.name: c for c in (A, B)}`, `[c for c in [A, B]]`): `A` and `B`.
    fn comprehension_items<'n>(&self, comp: Node<'n>) -> Vec<Node<'n>> {
        let kept = match comp.field_child("body") {
            Some(b) if b.kind() == "pair" => b.field_child("value"),
            other => other,
        };
        let clauses: Vec<Node<'n>> = named_children(comp)
            .into_iter()
            .filter(|c| c.kind() == "for_in_clause")
            .collect();
        let (Some(kept), [clause]) = (kept, &clauses[..]) else {
            return Vec::new();
        };
        let (Some(var), Some(over)) = (clause.field_child("left"), clause.field_child("right"))
        else {
            return Vec::new();
        };
        let same = kept.kind() == "identifier"
            && var.kind() == "identifier"
            && self.b.text_of(kept) == self.b.text_of(var);
        if same && matches!(over.kind(), "tuple" | "list") {
            named_children(over)
        } else {
            Vec::new()
        }
    }

    /// A name kept in a module's registry that is no class: a function, if the run
    /// defines one of that name (`FileModel::registered_functions`).
    fn add_registered_function(&mut self, registry: &str, name: &str) {
        let entry = (crate::model::element_key(registry), name.to_string());
        if !self.b.model.registered_functions.contains(&entry) {
            self.b.model.registered_functions.push(entry);
        }
    }

    fn add_registry(&mut self, registry: &str, class: &str) {
        let entry = (registry.to_string(), class.to_string());
        if !self.b.model.registries.contains(&entry) {
            self.b.model.registries.push(entry);
        }
    }

    /// `@register_stage("detect") class Detect`, `@register class Op`: (class, decorator).
    pub(super) fn record_class_decorators<'n>(&mut self, class_node: Node<'n>, class: &str) {
        let Some(p) = class_node
            .parent()
            .filter(|p| p.kind() == "decorated_definition")
        else {
            return;
        };
        for dec in named_children(p)
            .into_iter()
            .filter(|d| d.kind() == "decorator")
        {
            let e = match dec.named_child(0) {
                Some(e) if e.kind() == "call" => e.field_child("function"),
                e => e,
            };
            if let Some(e) = e.filter(|e| matches!(e.kind(), "identifier" | "attribute")) {
                let name = last_dotted(self.b.text_of(e)).to_string();
                self.b
                    .model
                    .class_decorators
                    .push((class.to_string(), name));
            }
        }
    }

    /// `return Pipeline(stages)`, `return OPS[name](cfg)`, `return cls(cfg)`, `return
    /// make_op(cfg)`, `return op` with `op` bound to one, `return [OPS[n](cfg) for n in
    /// names]`, `return out` after `out.append(cls(cfg))`: what the function hands back (or
    /// its list holds).
    pub(super) fn record_return<'n>(&mut self, value: Node<'n>, function: usize) {
        if function == 0 {
            return;
        }
        // (`out.append(cls(..))` in a loop, then `return out`: a list of what it holds.)
        if value.kind() == "identifier"
            && let Some(items) = self.items_of.get(&(function, self.b.text_of(value)))
        {
            for m in items.clone() {
                let entry = (function, m.to_string());
                if !self.b.model.returns.contains(&entry) {
                    self.b.model.returns.push(entry);
                }
            }
            return;
        }
        let made = match value.kind() {
            "identifier" => self
                .instances
                .get(&(function, self.b.text_of(value)))
                .copied(),
            // `return [OPS[n](cfg) for n in names]`: a list of what its element makes.
            "list_comprehension" | "set_comprehension" => value
                .field_child("body")
                .and_then(|b| self.constructed(b, function)),
            _ => self.constructed(value, function),
        };
        if let Some(m) = made {
            let entry = (function, m.to_string());
            if !self.b.model.returns.contains(&entry) {
                self.b.model.returns.push(entry);
            }
        }
    }
}

/// The functions a file's text defines at its top level (`def f(`, `async def f(`).
fn top_level_defs(text: &str) -> HashSet<&str> {
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("async ").unwrap_or(l).strip_prefix("def ")?;
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            Some(&rest[..end]).filter(|n| !n.is_empty())
        })
        .collect()
}
