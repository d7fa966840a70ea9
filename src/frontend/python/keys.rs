//! What a Python cache is keyed by, and the file's counters: a once-per-key pin whose key is
//! new on every call (`CACHE[(step, n)]` with `step += 1` somewhere) is not once
//! (`analysis::frequency`'s `key_never_repeats` reads these facts).

use tree_sitter::Node;

use super::{Py, compact, occurrences};
use crate::frontend::builder::Scope;
use crate::frontend::keys::{counters, dotted_names};

impl<'t> Py<'t, '_> {
    /// Read the file's counters from its text, before the walk (`FileModel::counters`).
    pub(super) fn read_counters(&mut self) {
        self.b.model.counters = counters(self.b.text);
    }

    /// What a pin run once per key is keyed by, where the call says: a memoised function's
    /// parameters (`@lru_cache def grid(shape)`), or the subscript it is stored under
    /// (`self.cache[key] = pin(..)`).
    pub(super) fn pin_key_names(&self, scope: Scope<'t>, pointer: Option<&str>) -> Vec<String> {
        let key = pointer
            .and_then(|p| p.split_once('['))
            .and_then(|(_, k)| k.rsplit_once(']'))
            .map(|(k, _)| k);
        if let Some(k) = key {
            return self.key_names(k, scope.function);
        }
        // (Once by the function's memo, outside any `if` of its own.)
        if scope.once && scope.guard.is_none() {
            return self.b.model.functions[scope.function]
                .params
                .iter()
                .map(|(p, _)| p)
                .filter(|p| !matches!(p.as_str(), "self" | "cls"))
                .cloned()
                .collect();
        }
        Vec::new()
    }

    /// Give the call just added its arguments that are counters of the file
    /// (`CallSite::counter_args`): names and attributes, by keyword or position.
    pub(super) fn counter_args(&mut self, args: &[Node<'_>]) {
        if self.b.model.counters.is_empty() {
            return;
        }
        let named: Vec<(Option<String>, usize, String)> = self
            .keyed_args(args)
            .into_iter()
            .filter_map(|(key, at, value)| {
                let v = value.filter(|v| matches!(v.kind(), "identifier" | "attribute"))?;
                Some((key, at, compact(self.b.text_of(v))))
            })
            .collect();
        self.b.set_last_counter_args(named);
    }

    /// Give the pins that `resolve_stores` found once per key (`once`: event, the
    /// subscript of the store that makes them so) the names their key is made of.
    pub(super) fn mark_cache_keys(&mut self, mut once: Vec<(usize, Option<&'t str>)>) {
        // `buf = CACHE.get(key); if buf is None: buf = pin(..); CACHE[key] = buf`: once
        // per key, the key the buffer is stored under.
        for (i, ev) in self.b.model.events.iter().enumerate() {
            if !ev.guarded_once || !ev.key_names.is_empty() || once.iter().any(|(j, _)| *j == i) {
                continue;
            }
            let Some(name) = ev.pointer.as_deref() else {
                continue;
            };
            let body = self.b.model.functions[ev.function].span;
            let key = self
                .stores
                .iter()
                .filter(|(n, at, _)| *n == name && *at > ev.span.end && *at < body.end)
                .find_map(|(_, at, _)| self.store_keys.get(at).copied());
            if key.is_some() {
                once.push((i, key));
            }
        }
        for (i, key) in once {
            let function = self.b.model.events[i].function;
            let names = key.map(|k| self.key_names(k, function)).unwrap_or_default();
            let ev = &mut self.b.model.events[i];
            ev.guarded_once = true;
            if ev.key_names.is_empty() {
                ev.key_names = names;
            }
        }
    }

    /// The names a cache key written `key` is made of in `function`: its own names and
    /// attributes, and those of the value a plain local of it was assigned (`key = (step,
    /// n)`: `step`, `n`).
    pub(super) fn key_names(&self, key: &str, function: usize) -> Vec<String> {
        let body = self.b.model.functions[function].span;
        let body = self.b.text.get(body.start..body.end).unwrap_or("");
        let mut out: Vec<String> = Vec::new();
        for name in dotted_names(key) {
            // (One level: the last `name = ..` of the function before its use.)
            let assigned = (!name.contains('.'))
                .then(|| {
                    occurrences(body, name)
                        .filter_map(|i| {
                            let rest = body[i + name.len()..].trim_start_matches(' ');
                            let value = rest.strip_prefix('=').filter(|r| !r.starts_with('='))?;
                            Some(value.lines().next().unwrap_or(""))
                        })
                        .last()
                })
                .flatten();
            match assigned {
                Some(value) => out.extend(dotted_names(value).map(str::to_string)),
                None => out.push(name.to_string()),
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
