//! Callables a function keeps in a container its object or file keeps (`hooks_[name] =
//! std::move(fn)`, `monitors_.push_back(fn)`): `FileModel::param_elements`. The index runs
//! what callers pass there where the container's elements are called.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::{Cpp, field};
use crate::frontend::builder::{Scope, named_children, span};
use crate::model::{Receiver, element_key};

/// Container calls that keep their arguments (`push_back(fn)`, `emplace(name, fn)`).
pub(super) const KEEPS: &[&str] = &[
    "push_back",
    "emplace_back",
    "push_front",
    "emplace_front",
    "push",
    "emplace",
    "insert",
    "try_emplace",
    "insert_or_assign",
];

impl<'t> Cpp<'t, '_> {
    /// `hooks_[name] = fn;`, `hooks_[name] = std::move(fn);`; and a member holding one
    /// callable, `handler_ = std::move(h);` (a container of one: a call of `handler_(f)`
    /// in the same file then runs what callers passed as `h`).
    pub(super) fn store_by_subscript<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) {
        let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
        else {
            return;
        };
        if left.kind() != "subscript_expression" {
            if let Some(member) = self
                .container_name(left)
                .filter(|m| !self.b.is_declared(scope.function, m))
                && let Some(param) = self.moved_name(right)
            {
                self.b.store_param(scope.function, param, member);
            }
            return;
        }
        if let Some(container) = left
            .field_child("argument")
            .and_then(|c| self.container_name(c))
            && !self.b.is_declared(scope.function, container)
            && let Some(param) = self.moved_name(right)
        {
            self.b.store_param(scope.function, param, container);
        }
    }

    /// `monitors_.push_back(fn)`, `hooks_.emplace(name, std::move(fn))`: `func` is the
    /// call's function, `args` its argument list.
    pub(super) fn store_by_call<'n>(
        &mut self,
        func: Node<'n>,
        args: Option<Node<'n>>,
        scope: Scope<'t>,
    ) {
        if func.kind() != "field_expression" || !KEEPS.contains(&field(func, "field", self.b.text))
        {
            return;
        }
        // `ptrs_.push_back(p)`: a loop over `ptrs_` reaches `p` (`FileModel::slot_stores`).
        if let (Some(object), Some(call)) = (func.field_child("argument"), func.parent()) {
            let (container, _) = super::ownership::pointer(object, self.b.text);
            for a in args.map(named_children).unwrap_or_default() {
                let (item, _) = super::ownership::pointer(a, self.b.text);
                self.b
                    .add_slot_store(scope, item, container.clone(), span(call));
            }
        }
        let Some(container) = func
            .field_child("argument")
            .and_then(|c| self.container_name(c))
            .filter(|c| !self.b.is_declared(scope.function, c))
        else {
            return;
        };
        for a in args.map(named_children).unwrap_or_default() {
            if let Some(param) = self.moved_name(a) {
                self.b.store_param(scope.function, param, container);
            }
        }
    }

    /// A lambda stored straight into a container: `sinks_["preview"] = [this](..) { .. };`,
    /// `sinks_.emplace("preview", [this](..) { .. })`; or into a member holding one
    /// callable, a container of one: `on_batch_ = [](..) { .. };`, `solver.on_iteration =
    /// [&](..) { .. };`.
    pub(super) fn store_lambda<'n>(&mut self, lambda: Node<'n>, inner: usize, scope: Scope<'t>) {
        let Some(parent) = lambda.parent() else {
            return;
        };
        // (`solver.on_iteration = [&](..) { .. }`: the member of another object, called
        // by its own methods as `on_iteration(..)`, by its name.)
        if parent.kind() == "assignment_expression"
            && let Some(member) = parent
                .field_child("left")
                .filter(|l| l.kind() == "field_expression")
                .and_then(|l| l.field_child("field"))
        {
            let key = element_key(self.b.text_of(member));
            self.b.model.lambda_elements.push((inner, key));
            return;
        }
        let container = match parent.kind() {
            "assignment_expression" => parent.field_child("left").and_then(|l| match l.kind() {
                "subscript_expression" => l.field_child("argument"),
                "identifier" => Some(l),
                _ => None,
            }),
            "argument_list" => parent
                .parent()
                .and_then(|c| c.field_child("function"))
                .filter(|f| {
                    f.kind() == "field_expression"
                        && KEEPS.contains(&field(*f, "field", self.b.text))
                })
                .and_then(|f| f.field_child("argument")),
            _ => None,
        };
        if let Some(c) = container.and_then(|c| self.container_name(c))
            && !self.b.is_declared(scope.function, c)
        {
            self.b.model.lambda_elements.push((inner, element_key(c)));
        }
    }

    /// A call of a container's element: `sinks_[name](f)`, `sinks_.at(name)(f)`,
    /// `it->second(f)` with `it = sinks_.find(name)`, `kv.second(f)` in `for (auto& kv :
    /// sinks_)`. Added as a `__call__` keyed by the container (`model::element_called`).
    pub(super) fn element_call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>) -> bool {
        let Some(func) = node.field_child("function") else {
            return false;
        };
        let text = self.b.text;
        let container = match func.kind() {
            "subscript_expression" => func.field_child("argument"),
            "call_expression" => func
                .field_child("function")
                .filter(|f| f.kind() == "field_expression" && field(*f, "field", text) == "at")
                .and_then(|f| f.field_child("argument")),
            "field_expression" if field(func, "field", text) == "second" => {
                let Some(holder) = func
                    .field_child("argument")
                    .filter(|a| a.kind() == "identifier")
                else {
                    return false;
                };
                let holder = self.b.text_of(holder);
                return match self.found_in(holder, scope, node.start_byte()) {
                    Some(c) => {
                        self.add_element_call(node, scope, &c);
                        true
                    }
                    None => false,
                };
            }
            _ => None,
        };
        match container.and_then(|c| self.container_name(c)) {
            Some(c) if !self.b.is_declared(scope.function, c) => {
                self.add_element_call(node, scope, c);
                true
            }
            // (`self->handler_(f)` on a member holding one callable is an ordinary call
            // here; the index links it to what the member was given.)
            _ => false,
        }
    }

    fn add_element_call<'n>(&mut self, node: Node<'n>, scope: Scope<'t>, container: &str) {
        self.b
            .add_call(scope, "__call__", Receiver::Expr, span(node));
        if let Some(c) = self.b.model.calls.last_mut() {
            c.receiver_attr = Some(element_key(container));
        }
    }

    /// The container `holder` was found in: `auto it = sinks_.find(name);`, or the
    /// collection of the range-for declaring it.
    fn found_in(&self, holder: &str, scope: Scope<'t>, at: usize) -> Option<String> {
        let walked = self.b.model.loops.iter().rev().find_map(|l| {
            l.element
                .as_ref()
                .filter(|(var, _)| l.function == scope.function && var == holder)
                .map(|(_, collection)| collection.clone())
        });
        if walked.is_some() {
            return walked;
        }
        let value = crate::frontend::library::bound_value(self.b.text, holder, at)?;
        let value = value.strip_prefix('=')?.trim_start();
        let (container, rest) = value.split_once(['.', '-'])?;
        let rest = rest.trim_start_matches('>');
        let plain = !container.is_empty()
            && container
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        (plain && rest.starts_with("find(")).then(|| container.to_string())
    }

    /// `shots.reserve(n)` on a local built empty (`ShotList shots;`): a container's first
    /// sizing call is where its allocator runs, so its construction's call moves there.
    pub(super) fn first_sizing<'n>(&mut self, node: Node<'n>, func: Node<'n>, scope: Scope<'t>) {
        const SIZING: &[&str] = &["reserve", "resize", "assign", "push_back", "emplace_back"];
        if func.kind() != "field_expression" || !SIZING.contains(&field(func, "field", self.b.text))
        {
            return;
        }
        let Some(object) = func
            .field_child("argument")
            .filter(|a| a.kind() == "identifier")
        else {
            return;
        };
        let key = (scope.function, self.b.text_of(object));
        if let Some(at) = self.built_empty.remove(&key)
            && let Some(c) = self.b.model.calls.get_mut(at)
        {
            c.span = span(node);
        }
    }

    /// The function `std::bind(&Node::on_cloud, this, _1)` (or `std::bind(&f, ..)`) binds.
    pub(super) fn bound_method<'n>(&self, arg: Node<'n>) -> Option<String> {
        if arg.kind() != "call_expression" {
            return None;
        }
        let callee = field(arg, "function", self.b.text);
        if callee.rsplit("::").next() != Some("bind") {
            return None;
        }
        let first = *named_children(arg.field_child("arguments")?).first()?;
        let target = self.b.text_of(first).trim().strip_prefix('&')?.trim();
        let last = target.rsplit("::").next()?;
        let plain = !last.is_empty() && last.chars().all(|c| c.is_alphanumeric() || c == '_');
        plain.then(|| last.to_string())
    }

    /// A container's name: `hooks_`, or `this->hooks_`'s `hooks_`.
    fn container_name<'n>(&self, n: Node<'n>) -> Option<&'t str> {
        match n.kind() {
            "identifier" => Some(self.b.text_of(n)),
            "field_expression" if field(n, "argument", self.b.text) == "this" => {
                Some(field(n, "field", self.b.text))
            }
            _ => None,
        }
    }

    /// `fn`, or `std::move(fn)` / `std::forward<F>(fn)`: the name handed over.
    fn moved_name<'n>(&self, n: Node<'n>) -> Option<&'t str> {
        match n.kind() {
            "identifier" => Some(self.b.text_of(n)),
            "call_expression" => {
                let callee = field(n, "function", self.b.text);
                if !matches!(
                    callee.split('<').next(),
                    Some("std::move" | "std::forward" | "move" | "forward")
                ) {
                    return None;
                }
                match named_children(n.field_child("arguments")?)[..] {
                    [one] if one.kind() == "identifier" => Some(self.b.text_of(one)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
