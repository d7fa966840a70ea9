//! Registries and factories (Python; see `frontend::python::registries`): the classes a
//! registry's name or a project factory's name stands for, across the run. The index binds
//! names to those classes (`index::bindings::expand_bindings`), and the lazy parse looks
//! for their methods (`names::element_reach`).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::model::FileModel;

/// What the names of registries and factories stand for (Python; see
/// `frontend::python::registries`): each registry's classes (listed in it, stored into it,
/// or decorated with a function that registers what it is given), and the classes each
/// project function returns (through registries and other factories, up to
/// `MAX_MAKER_DEPTH` deep). A name that is a class itself is not in the map. A function
/// defined more than twice is left out (which one is called is not known here).
pub fn makers<'m>(
    models: impl Iterator<Item = &'m FileModel> + Clone,
    definitions: impl Fn(&str) -> usize,
    is_class: &dyn Fn(&str) -> bool,
) -> Makers {
    let mut registries: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
    let mut registering: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
    let mut returns: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
    for m in models.clone() {
        for (registry, class) in &m.registries {
            registries.entry(registry).or_default().push(class);
        }
        for (function, registry) in &m.registering {
            registering.entry(function).or_default().push(registry);
        }
        for (func, made) in &m.returns {
            let function = &m.functions[*func];
            if function.class.is_none() && definitions(&function.name) <= 2 {
                returns.entry(&function.name).or_default().push(made);
            }
        }
    }
    for m in models {
        for (class, decorator) in &m.class_decorators {
            for registry in registering.get(decorator.as_str()).into_iter().flatten() {
                registries.entry(registry).or_default().push(class);
            }
        }
    }
    fn expand<'a>(
        name: &'a str,
        depth: usize,
        registries: &FxHashMap<&'a str, Vec<&'a str>>,
        returns: &FxHashMap<&'a str, Vec<&'a str>>,
        is_class: &dyn Fn(&str) -> bool,
        out: &mut Vec<String>,
        crossed: &mut bool,
    ) {
        // (A name that is neither a registry nor a factory is a class, whether or not
        // this run parsed its definition.)
        let maker = registries.contains_key(name) || returns.contains_key(name);
        if is_class(name) || !maker {
            if !out.iter().any(|c| c == name) {
                out.push(name.to_string());
            }
            return;
        }
        if depth >= MAX_MAKER_DEPTH {
            return;
        }
        *crossed |= registries.contains_key(name);
        let made = registries.get(name).into_iter().chain(returns.get(name));
        for m in made.flatten() {
            expand(m, depth + 1, registries, returns, is_class, out, crossed);
        }
    }
    let mut out = Makers::default();
    for name in registries.keys().chain(returns.keys()) {
        if is_class(name) || out.classes.contains_key(*name) {
            continue;
        }
        let mut classes = Vec::new();
        let mut crossed = false;
        expand(
            name,
            0,
            &registries,
            &returns,
            is_class,
            &mut classes,
            &mut crossed,
        );
        if !classes.is_empty() {
            classes.sort_unstable();
            out.classes.insert(name.to_string(), classes);
            if crossed {
                out.by_registry.insert(name.to_string());
            }
        }
    }
    out
}

/// What `makers` finds.
#[derive(Default)]
pub struct Makers {
    /// A registry's or a factory's name → the classes it stands for.
    pub classes: FxHashMap<String, Vec<String>>,
    /// The names that pick their class by a registry: a registry, or a factory that reads
    /// one (`get_op` returning `OPS[name](cfg)`). Nothing at the call site names the class.
    pub by_registry: FxHashSet<String>,
}

/// Registries and factories followed this many names deep (`build` returning
/// `make_op(..)` returning `OPS[name](..)`).
const MAX_MAKER_DEPTH: usize = 4;
