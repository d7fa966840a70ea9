//! What the index learns from whole-run facts before it resolves calls: the objects
//! callers hand to constructors and functions (Python), and the C-family functions bound
//! for Python.

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use super::{Binding, FnRef, IndexedFile, MAX_DEFINITIONS};
use crate::model::Language;

/// `collect(env, agent)` with `agent = PPOAgent(..)` (Python): in `collect`, the
/// parameter `agent` holds a `PPOAgent`, so `agent.act(obs)` is `PPOAgent.act` however
/// little `collect`'s file says about it. A callee named by more than two functions of the
/// run is left out (which one the call reaches is not known here).
pub(super) fn bind_param_args(
    files: &[IndexedFile],
    definitions: &HashMap<String, Vec<FnRef>>,
) -> FxHashMap<FnRef, Vec<(String, String)>> {
    let mut out: FxHashMap<FnRef, Vec<(String, String)>> = FxHashMap::default();
    for f in files.iter().filter(|f| f.language == Language::Python) {
        for site in f.model.calls.iter().filter(|s| !s.typed_args.is_empty()) {
            let defs: Vec<FnRef> = definitions
                .get(&site.callee)
                .into_iter()
                .flatten()
                .copied()
                .filter(|d| files[d.file].language == Language::Python)
                .collect();
            if defs.len() > 2 {
                continue;
            }
            for d in defs {
                let function = &files[d.file].model.functions[d.func];
                // (A method's `self` comes first; `__init__` is `bind_constructor_args`'s.)
                let skip = usize::from(function.class.is_some());
                if function.name == "__init__" {
                    continue;
                }
                for arg in site.typed_args.iter().filter(|a| !a.factory) {
                    let param = match &arg.keyword {
                        Some(k) => function.params.iter().find(|p| p.0 == *k),
                        None => function.params.get(usize::from(arg.position) + skip),
                    };
                    if let Some((p, _)) = param {
                        // (A container's classes are its elements', keyed `hooks[]`.)
                        let p = if arg.elements {
                            crate::model::element_key(p)
                        } else {
                            p.clone()
                        };
                        let entry = (p, arg.class.clone());
                        let v = out.entry(d).or_default();
                        if !v.contains(&entry) {
                            v.push(entry);
                        }
                    }
                }
            }
        }
    }
    out
}

/// `Layer(cache)` with `cache = Cache(..)`, and `Layer.__init__` storing `self.cache =
/// cache`: the attribute `cache` holds a `Cache` (Python), as if bound there, so
/// `self.cache.get(..)` is `Cache.get` however many classes define a `get`.
pub(super) fn bind_constructor_args(
    files: &[IndexedFile],
    constructors: &HashMap<String, Vec<FnRef>>,
    bindings: &mut HashMap<String, Vec<Binding>>,
) {
    for f in files.iter().filter(|f| f.language == Language::Python) {
        for site in f.model.calls.iter().filter(|s| !s.typed_args.is_empty()) {
            let Some(defs) = constructors.get(&site.callee) else {
                continue;
            };
            for d in defs
                .iter()
                .filter(|d| files[d.file].language == Language::Python)
            {
                let model = &files[d.file].model;
                let params = &model.functions[d.func].params;
                for arg in &site.typed_args {
                    // `RKS(mol, callbacks=[..])` with `RKS.__init__(self, mol, **kw)` passing
                    // `**kw` to `super().__init__`: a keyword its own constructor does not
                    // name is a base constructor's.
                    if let Some(k) = &arg.keyword
                        && !params.iter().any(|p| p.0 == *k)
                    {
                        for base in base_constructors(files, constructors, *d) {
                            bind_kept(files, base, k, arg, bindings);
                        }
                        continue;
                    }
                    // (`self` comes first among a method's parameters.)
                    let param = match &arg.keyword {
                        Some(k) => Some(k.as_str()),
                        None => params
                            .get(usize::from(arg.position) + 1)
                            .map(|p| p.0.as_str()),
                    };
                    let Some(param) = param else {
                        continue;
                    };
                    bind_kept(files, *d, param, arg, bindings);
                }
            }
        }
    }
}

/// The attributes constructor `d` keeps its parameter `param` in, bound to what `arg`
/// hands over (a class handed over is called to make the attribute's object).
fn bind_kept(
    files: &[IndexedFile],
    d: FnRef,
    param: &str,
    arg: &crate::model::TypedArg,
    bindings: &mut HashMap<String, Vec<Binding>>,
) {
    let model = &files[d.file].model;
    let kept = match arg.factory {
        true => &model.param_factories,
        false => &model.param_attrs,
    };
    for (_, _, attr) in kept.iter().filter(|(g, p, _)| *g == d.func && p == param) {
        let key = if arg.elements {
            crate::model::element_key(attr)
        } else {
            attr.clone()
        };
        bindings.entry(key).or_default().push(Binding {
            file: d.file,
            class: arg.class.clone(),
            attr: true,
            subtypes: true,
        });
    }
}

/// The constructors of the bases of constructor `d`'s class, up to two levels, where the
/// run defines them (Python).
fn base_constructors(
    files: &[IndexedFile],
    constructors: &HashMap<String, Vec<FnRef>>,
    d: FnRef,
) -> Vec<FnRef> {
    let mut out: Vec<FnRef> = Vec::new();
    let mut at = vec![d];
    for _ in 0..2 {
        let mut next = Vec::new();
        for c in at {
            let model = &files[c.file].model;
            let Some(class) = model.functions[c.func].class.as_deref() else {
                continue;
            };
            let bases = model
                .classes
                .iter()
                .filter(|k| k.name == class)
                .flat_map(|k| k.bases.iter())
                .map(|b| b.rsplit('.').next().unwrap_or(b));
            for base in bases {
                for b in constructors.get(base).into_iter().flatten() {
                    if files[b.file].language == Language::Python && !out.contains(b) {
                        out.push(*b);
                        next.push(*b);
                    }
                }
            }
        }
        at = next;
    }
    out
}
/// The C-family functions each binding of `files` makes callable from Python (see
/// `FileModel::exports`): the binding file's own definition first, else every C-family
/// definition of the name, unless too many.
#[allow(clippy::type_complexity)]
pub(super) fn link_exports(
    files: &[IndexedFile],
    definitions: &HashMap<String, Vec<FnRef>>,
) -> (HashMap<String, Vec<FnRef>>, FxHashMap<FnRef, Vec<String>>) {
    let mut exported: HashMap<String, Vec<FnRef>> = HashMap::new();
    let mut names: FxHashMap<FnRef, Vec<String>> = FxHashMap::default();
    for (file, f) in files.iter().enumerate() {
        for (name, function) in &f.model.exports {
            let Some(defs) = definitions.get(function) else {
                continue;
            };
            let c_family: Vec<FnRef> = defs
                .iter()
                .copied()
                .filter(|d| files[d.file].language != Language::Python)
                .filter(|d| files[d.file].language != Language::Rust)
                .collect();
            let own: Vec<FnRef> = c_family
                .iter()
                .copied()
                .filter(|d| files[d.file].path == f.path || d.file == file)
                .collect();
            let targets = if !own.is_empty() {
                own
            } else if c_family.len() <= MAX_DEFINITIONS {
                c_family
            } else {
                Vec::new()
            };
            for t in targets {
                let e = exported.entry(name.clone()).or_default();
                if !e.contains(&t) {
                    e.push(t);
                }
                let n = names.entry(t).or_default();
                if !n.contains(name) {
                    n.push(name.clone());
                }
            }
        }
    }
    (exported, names)
}

/// `bindings` and `param_classes` with every registry or factory name replaced by the
/// classes it stands for (`self.ops = [get_op(n) for ..]` binds `ops[]` to each class
/// `get_op` can return).
pub(super) fn expand_bindings(
    bindings: &mut HashMap<String, Vec<Binding>>,
    param_classes: &mut FxHashMap<FnRef, Vec<(String, String)>>,
    makers: &FxHashMap<String, Vec<String>>,
) {
    if makers.is_empty() {
        return;
    }
    fn expand<T: Clone>(
        list: &mut Vec<T>,
        class: impl Fn(&T) -> &str,
        with: impl Fn(&T, &str) -> T,
        makers: &FxHashMap<String, Vec<String>>,
    ) {
        if !list.iter().any(|t| makers.contains_key(class(t))) {
            return;
        }
        *list = list
            .drain(..)
            .flat_map(|t| match makers.get(class(&t)) {
                Some(classes) => classes.iter().map(|c| with(&t, c)).collect(),
                None => vec![t],
            })
            .collect();
    }
    for list in bindings.values_mut() {
        let with = |b: &Binding, c: &str| Binding {
            class: c.to_string(),
            ..b.clone()
        };
        expand(list, |b| b.class.as_str(), with, makers);
    }
    for pairs in param_classes.values_mut() {
        let with = |(p, _): &(String, String), c: &str| (p.clone(), c.to_string());
        expand(pairs, |(_, c)| c.as_str(), with, makers);
    }
}
