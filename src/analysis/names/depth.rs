//! Each chain name's distance in calls from a pin: a file's own names, the callers
//! fixpoint over the run's files, and names reached through objects bound to a class.

use std::collections::HashMap;

use rustc_hash::{FxHashMap, FxHashSet};

use super::chain::ChainName;
use crate::model::{FileModel, FunctionKind, Language, Receiver};
use crate::scan::idents::{Idents, module_names};

/// A Python method run where its class's name makes, calls or enters an object.
fn runs_by_class_name(method: &str) -> bool {
    matches!(method, "__init__" | "__call__" | "__enter__")
}

/// How far a chain name may be from the pin, in calls, for its callers to be parsed: the
/// function holding the loop is one call further up, so chains of four calls are found
/// across files. (Chains are searched up to `chains::MAX_EDGES` among what is parsed:
/// one more call within a file, at no parsing cost; a fifth name depth cost 20%.)
pub const MAX_NAME_DEPTH: usize = 3;

/// Chain names, each with its distance in calls from a function that pins.
pub type Depths = FxHashMap<ChainName, usize>;

/// Merge `more` into `into`, keeping each name's shortest distance.
pub fn merge(into: &mut Depths, more: Depths) {
    for (chain, depth) in more {
        let d = into.entry(chain).or_insert(depth);
        *d = (*d).min(depth);
    }
}

/// A file's own chain names: functions that pin (depth 0), and the functions of the same
/// file that call those, up to `MAX_NAME_DEPTH`.
pub fn of_model(model: &FileModel, path: &str, lang: Language, idents: &Idents) -> Depths {
    let mut names = Depths::default();
    for ev in &model.events {
        let f = &model.functions[ev.function];
        // (A loader pinning by a switch, `pin_memory=cfg.pin_memory`, is not followed to
        // callers in other files: a training framework builds hundreds of configured
        // loaders, and following even their direct callers cost NeMo 20%. Its callers in
        // its own file, and in files read for another reason, are seen.)
        if ev.kind == crate::catalog::ApiKind::Loader && ev.pins_by_switch() {
            continue;
        }
        if ev.kind.repeats_matter() && f.kind == FunctionKind::Function && !f.name.is_empty() {
            for chain in ChainName::all_of(f, path, lang, model) {
                names.insert(chain, 0);
            }
            // A C++ allocator's `allocate` runs where a container names the allocator type
            // (`std::vector<T, PinnedAlloc<T>> v(n)`), which never spells `allocate`.
            if let Some(class) = &f.class
                && f.name == "allocate"
                && !matches!(lang, Language::Python | Language::Rust)
            {
                names.insert(ChainName::type_name(class, module_names(path), None), 0);
            }
            // Constructors are called by their class's name, where its module is imported;
            // so is `__call__`, on a local the class's name made (`chan = Chan(..); chan(x)`),
            // and `__enter__`, by a `with` on one (`with Scope(p) as s:`).
            if let Some(class) = &f.class
                && (crate::model::is_init(&f.name)
                    || (runs_by_class_name(&f.name) && lang == Language::Python))
            {
                let free = (lang == Language::Python).then(|| path.to_string());
                names.insert(ChainName::type_name(class, Vec::new(), free), 0);
            }
        }
    }
    // A function returning a pinned kind (`host_sharding()`): the calls it feeds pin
    // (`Event::pins_if`), so the code that calls it is looked for as a pin's.
    for f in model
        .functions
        .iter()
        .filter(|f| f.kind == FunctionKind::Function && model.pin_value_functions.contains(&f.name))
    {
        for chain in ChainName::all_of(f, path, lang, model) {
            names.insert(chain, 0);
        }
    }
    // A module-level name bound to one (`HOST = SingleDeviceSharding(.., memory_kind=
    // "pinned_host")`): the modules importing it are looked for the same way.
    if lang == Language::Python {
        for name in &model.pin_value_functions {
            if !model.functions.iter().any(|f| f.name == *name) {
                names.insert(
                    ChainName::type_name(name, Vec::new(), Some(path.to_string())),
                    0,
                );
            }
        }
    }
    // A method setting a guarded buffer back (`def reset_state(self): self._cf = None`
    // for `if self._cf is None: self._cf = pin(..)`) re-arms the pin wherever it runs:
    // its callers are looked for as the pin's are.
    for ev in model.events.iter().filter(|e| e.guarded_once) {
        let Some(pointer) = ev.pointer.as_deref() else {
            continue;
        };
        for (func, _, _) in model.resets.iter().filter(|(f, name, _)| {
            name == pointer && *f != ev.function && model.functions[*f].name != "__init__"
        }) {
            let f = &model.functions[*func];
            if f.kind == FunctionKind::Function && !f.name.is_empty() {
                for chain in ChainName::all_of(f, path, lang, model) {
                    names.insert(chain, 0);
                }
                // (And where its objects are made: `self.trigger = Trigger(..)` says
                // which class's `clear` a call `self.trigger.clear()` is.)
                if let Some(class) = f.class.as_deref().filter(|_| lang == Language::Python) {
                    let chain = ChainName::type_name(class, Vec::new(), Some(path.to_string()));
                    names.insert(chain, 0);
                }
            }
        }
    }
    // A factory returning a closure that pins (Rust `Box::new(move |r| ..)`, a Python
    // nested function): where the factory is called, the closure goes.
    for &(outer, inner) in &model.returned_functions {
        let pins = model
            .events
            .iter()
            .any(|e| e.function == inner && e.kind.repeats_matter());
        let f = &model.functions[outer];
        if pins && f.kind == FunctionKind::Function && !f.name.is_empty() {
            for chain in ChainName::all_of(f, path, lang, model) {
                names.entry(chain).or_insert(0);
            }
        }
    }
    // A function handing its parameter on to be called per batch (`collate_fn=collate` in
    // `make_loader(ds, collate)`): what its callers hand over in it runs per batch, so
    // they are looked for (one call up: no further).
    for (_, func, _) in &model.passed_params {
        for chain in ChainName::all_of(&model.functions[*func], path, lang, model) {
            names.entry(chain).or_insert(MAX_NAME_DEPTH);
        }
    }
    callers(std::iter::once((model, path, lang, idents)), &mut names);
    names
}

/// A name bound to objects of more classes than this is not followed (see `bind_reach`).
pub const MAX_BOUND_CLASSES: usize = 4;

/// Python methods are also called through names bound to an object of their class
/// (`g_ctx = Ctx()` … `g_ctx.f()`, `self.cache = Cache(..)` … `self.cache.f()`): each
/// method's chain name is also looked for as `name.f(` anywhere. A name bound to objects
/// of a few classes (`self.experts = MoeTP(..)` or `MoeEP(..)`) reaches the methods of
/// each; one bound to many (`model`, `cache`) says little about which: left out.
pub fn bind_reach<'m>(models: impl Iterator<Item = &'m FileModel>, names: &mut Depths) {
    let mut classes_of: HashMap<&str, Vec<&str>> = HashMap::new();
    for m in models {
        for (name, class, _) in &m.bindings {
            let v = classes_of.entry(name.as_str()).or_default();
            if !v.contains(&class.as_str()) {
                v.push(class.as_str());
            }
        }
    }
    let mut bound: HashMap<&str, Vec<String>> = HashMap::new();
    for (name, classes) in classes_of {
        if classes.len() <= MAX_BOUND_CLASSES {
            for class in classes {
                bound.entry(class).or_default().push(name.to_string());
            }
        }
    }
    let mut more: Vec<(ChainName, usize)> = Vec::new();
    for (chain, &d) in names.iter() {
        if let Some(mut via) = chain.class.as_deref().and_then(|c| bound.get(c)).cloned() {
            via.sort();
            more.push((
                ChainName {
                    reach: Vec::new(),
                    via,
                    ..chain.clone()
                },
                d,
            ));
        }
    }
    for (chain, d) in more {
        let e = names.entry(chain).or_insert(d);
        *e = (*e).min(d);
    }
}

/// Python objects kept in containers or handed to functions, and called later: the code
/// that walks the container (`for stage in self.stages: stage(batch)`) or holds the
/// parameter (`agent.act(obs)` in `collect(env, agent)`) names none of the methods it
/// reaches. From the parsed files' constructions: the definition of a class handed a
/// container of objects with chain-name methods (`class Pipeline`, for
/// `Pipeline([Decode(), Mix()])`) and the attributes that keep them (`self.stages`) are
/// looked for, and so are those methods in the files that name a function handed such an
/// object (one the run defines once or twice: not `print(agent)`). The index then resolves
/// the calls by what the container or parameter holds (`model::element_key`,
/// `bind_param_args`). Constructions in files not parsed for another reason are not seen:
/// looking for every such class wherever it is named cost the 15 real trees 60% more.
pub fn element_reach<'m>(
    models: impl Iterator<Item = &'m FileModel> + Clone,
    (definitions, classes): (impl Fn(&str) -> usize, impl Fn(&str) -> usize),
    names: &mut Depths,
) {
    let mut bases: HashMap<&str, Vec<&str>> = HashMap::new();
    for m in models.clone() {
        for c in &m.classes {
            bases
                .entry(c.name.as_str())
                .or_default()
                .extend(c.bases.iter().map(|b| b.rsplit('.').next().unwrap_or(b)));
        }
    }
    for b in bases.values_mut() {
        b.sort_unstable();
        b.dedup();
    }
    let mut reached: HashMap<&str, usize> = HashMap::new();
    for (chain, &d) in names.iter() {
        if let Some(class) = chain.class.as_deref() {
            let e = reached.entry(class).or_insert(d);
            *e = (*e).min(d);
        }
    }
    // (A class inheriting a chain-name method reaches it too; a few levels suffice.)
    // (Each class once per level: a common name, `Config`, has the bases of all its
    // definitions, and the levels multiplied them.)
    let own_reach = |class: &str| -> Option<usize> {
        let mut at = vec![class];
        let mut seen: FxHashSet<&str> = FxHashSet::default();
        for _ in 0..4 {
            if let Some(d) = at.iter().filter_map(|c| reached.get(c)).min() {
                return Some(*d);
            }
            seen.extend(at.iter().copied());
            at = at
                .iter()
                .flat_map(|c| bases.get(c).into_iter().flatten().copied())
                .filter(|b| !seen.contains(b))
                .collect();
            at.sort_unstable();
            at.dedup();
        }
        None
    };
    // A registry's or a factory's name (`OPS`, `get_op`) stands for the classes it makes:
    // it reaches what they reach, and the code that names it is looked for.
    let is_class = |n: &str| bases.contains_key(n);
    let makers = crate::analysis::makers::makers(models.clone(), &definitions, &is_class);
    let reaches = |class: &str| -> Option<usize> {
        match makers.classes.get(class) {
            Some(classes) => classes.iter().filter_map(|c| own_reach(c)).min(),
            None => own_reach(class),
        }
    };
    let mut more: Vec<(ChainName, usize)> = Vec::new();
    // (The chain names of each class, once: the loops below ask by class.)
    let mut of_class: FxHashMap<&str, Vec<(&ChainName, usize)>> = FxHashMap::default();
    for (chain, &d) in names.iter() {
        if let Some(class) = chain.class.as_deref() {
            of_class.entry(class).or_default().push((chain, d));
        }
    }
    // (Only those that pick the class through a registry: a factory of a plain class is
    // looked for where the class is named, and looking for every one cost the 15 real
    // trees 10%.)
    for name in &makers.by_registry {
        if let Some(d) = reaches(name) {
            more.push((ChainName::anywhere(name), d));
        }
        // ... and so are their methods, where it is named: the code that holds one of its
        // objects (`STATE["engine"].search(q)`) need not name the class
        // (`ProjectIndex::one_registry`).
        let Some(made) = makers.classes.get(name) else {
            continue;
        };
        for (chain, d) in made
            .iter()
            .filter_map(|m| of_class.get(m.as_str()))
            .flatten()
        {
            let mut where_made = (*chain).clone();
            where_made.reach = vec![name.clone()];
            more.push((where_made, *d));
        }
    }
    // A callable object (a class whose `__call__` reaches a pin) is called where it is
    // kept, which names neither the class nor the factory that made it: the code naming a
    // plain factory of one (`self.update = make_updater(..)`) is looked for, and so are
    // the calls on an attribute bound to one (`self.update(r)`, below).
    let call_reach = |class: &str| -> Option<usize> {
        let made = makers.classes.get(class);
        let classes: Vec<&str> = match made {
            Some(m) => m.iter().map(String::as_str).collect(),
            None => vec![class],
        };
        classes
            .iter()
            .filter_map(|k| of_class.get(k))
            .flatten()
            .filter(|(chain, _)| chain.name == "__call__")
            .map(|&(_, d)| d)
            .min()
    };
    for name in makers.classes.keys() {
        if !makers.by_registry.contains(name)
            && let Some(d) = call_reach(name)
        {
            more.push((ChainName::anywhere(name), d));
        }
    }
    // `@register_stage("detect") class Detect`: the project's decorator may put the class
    // into a registry (`STAGES[name] = cls` in it); its definition is looked for (not its
    // uses: looking for every decorated class's decorator wherever it is named cost the 15
    // real trees 50%).
    for m in models.clone() {
        for (class, decorator) in &m.class_decorators {
            if let Some(d) = own_reach(class).filter(|_| (1..=2).contains(&definitions(decorator)))
            {
                more.push((ChainName::definition(decorator), d));
            }
        }
    }
    let mut kept: Vec<(&str, usize)> = Vec::new();
    // An object handed to a function (`collect(env, agent)`, `agent = PPOAgent(..)`): the
    // function calls its methods on a parameter whose name says nothing of the class.
    // Its methods are looked for in the files that name the function (its own among them).
    let mut handed: FxHashMap<&str, Vec<String>> = FxHashMap::default();
    // An object handed to a project class's constructor (`Worker(pipeline, safety)`): the
    // class keeps it (`self.safety = safety`) and calls it from other methods, which name
    // neither its class nor an attribute spelled after it. The class's definition is looked
    // for, and so are the calls on the attribute that keeps that parameter.
    let mut injected: Vec<(&str, &crate::model::TypedArg, usize)> = Vec::new();
    for m in models.clone() {
        for call in &m.calls {
            // (`print(agent)`, `len(xs)`: a builtin or library function; one named by many
            // definitions is not followed by the index either.)
            let followed = || (1..=2).contains(&definitions(&call.callee));
            let constructor = || (1..=2).contains(&classes(&call.callee));
            for a in call.typed_args.iter().filter(|a| !a.elements) {
                if reached.contains_key(a.class.as_str())
                    && !a.factory
                    && (followed() || constructor())
                {
                    let to = handed.entry(a.class.as_str()).or_default();
                    if !to.contains(&call.callee) {
                        to.push(call.callee.clone());
                    }
                }
                if let Some(d) = reaches(&a.class).filter(|&d| d < MAX_NAME_DEPTH)
                    && constructor()
                {
                    more.push((ChainName::definition(&call.callee), d));
                    injected.push((call.callee.as_str(), a, d));
                }
            }
            let d = call
                .typed_args
                .iter()
                .filter(|a| a.elements)
                .filter_map(|a| reaches(&a.class))
                .min();
            if let Some(d) = d.filter(|&d| d < MAX_NAME_DEPTH) {
                // (`torch.stack([..])`, `pad_sequence([..])`: a function, not a class.)
                // (A class with chain-name methods of its own is looked for through them.)
                if call.callee.starts_with(|c: char| c.is_ascii_uppercase())
                    && reaches(&call.callee).is_none()
                {
                    more.push((ChainName::definition(&call.callee), d));
                    kept.push((call.callee.as_str(), d));
                }
            }
        }
        for (name, class, attr) in &m.bindings {
            if let (true, Some(attr), Some(d)) = (
                *attr,
                name.strip_suffix(crate::model::ELEMENTS),
                reaches(class),
            ) {
                more.push((ChainName::on_self(attr), d));
            } else if *attr
                && !crate::model::is_element_key(name)
                && let Some(d) = call_reach(class)
            {
                more.push((ChainName::on_self(name), d));
            }
        }
    }
    // `Pipeline.__init__` keeping a parameter (`self.stages = list(stages)`); `Worker.__init__`
    // keeping the object it was handed (`self.safety = safety`).
    // (attribute, class): the attribute of a class keeps an object of that class, made
    // from what its constructor is handed.
    let mut attr_classes: Vec<(&str, &str)> = Vec::new();
    for m in models {
        let copied = m.param_attrs.iter().map(|k| (k, false));
        let made = m.param_factories.iter().map(|k| (k, true));
        for ((func, param, attr), factory) in copied.chain(made) {
            let f = &m.functions[*func];
            if f.name != "__init__" {
                continue;
            }
            if let Some(&(_, d)) = kept
                .iter()
                .find(|(c, _)| !factory && Some(*c) == f.class.as_deref())
            {
                more.push((ChainName::on_self(attr), d));
            }
            // (Positions count from the parameter after `self`.)
            let takes = |a: &crate::model::TypedArg| match &a.keyword {
                _ if a.factory != factory => false,
                Some(k) => k == param,
                None => f
                    .params
                    .get(usize::from(a.position) + 1)
                    .is_some_and(|p| p.0 == *param),
            };
            let taken = injected
                .iter()
                .filter(|(c, a, _)| Some(*c) == f.class.as_deref() && takes(a));
            for (_, a, _) in taken.clone() {
                attr_classes.push((attr.as_str(), a.class.as_str()));
            }
            if let Some(d) = taken.map(|(_, _, d)| *d).min()
                && let Some(class) = f.class.as_deref()
            {
                // (Looked for where the class is named, its own file among them: `self.model`
                // is written in every other class too.)
                more.push((
                    ChainName {
                        reach: vec![class.to_string()],
                        ..ChainName::on_self(attr)
                    },
                    d,
                ));
            }
        }
    }
    for (chain, &d) in names.iter() {
        // (`runner.cache.put(..)` anywhere, for `put` of the class `cache` was made of.)
        let mut via: Vec<String> = attr_classes
            .iter()
            .filter(|(_, k)| chain.class.as_deref() == Some(*k) && chain.via.is_empty())
            .map(|(a, _)| a.to_string())
            .collect();
        if !via.is_empty() {
            via.sort();
            via.dedup();
            more.push((
                ChainName {
                    reach: Vec::new(),
                    via,
                    ..chain.clone()
                },
                d,
            ));
        }
        if let Some(to) = chain.class.as_deref().and_then(|k| handed.get(k))
            && chain.via.is_empty()
        {
            let mut reach = to.clone();
            reach.sort();
            // (`follower(x)` calls the object's `__call__` by the parameter's name: the
            // definitions of the functions handed it are looked for instead.)
            if chain.name == "__call__" {
                more.extend(reach.iter().map(|f| (ChainName::definition(f), d)));
            }
            more.push((
                ChainName {
                    reach,
                    ..ChainName::anywhere(&chain.name)
                },
                d,
            ));
        }
    }
    for (chain, d) in more {
        let e = names.entry(chain).or_insert(d);
        *e = (*e).min(d);
    }
}

/// Add to `names` the functions of `files` (model, path, language) that call one of them,
/// one call further from the pin, up to `MAX_NAME_DEPTH` (a name keeps its shortest
/// distance).
pub fn callers<'m>(
    files: impl Iterator<Item = (&'m FileModel, &'m str, Language, &'m Idents)>,
    names: &mut Depths,
) {
    let files: Vec<_> = files.collect();
    // The calls of each callee, from functions that can be chain names: each round matches
    // only the definitions added or brought closer in the round before against their
    // name's calls (the others gave what they could: a Python `__init__` may be a chain
    // name 1,700 times with 7,000 calls), so the fixpoint looks at each pair about once.
    // (A call in a closure counts for the function around it: `with_raster(n, |r| {
    // stage(r) })` in `predict` makes `predict` reach `stage`, whoever runs the closure.)
    let mut calls_of: FxHashMap<&str, Vec<(usize, usize, usize)>> = FxHashMap::default();
    for (i, (model, ..)) in files.iter().enumerate() {
        for (j, call) in model.calls.iter().enumerate() {
            let mut owner = call.function;
            while model.functions[owner].kind == FunctionKind::Lambda
                && let Some(p) = model.functions[owner].parent
            {
                owner = p;
            }
            let f = &model.functions[owner];
            if f.kind == FunctionKind::Function && !f.name.is_empty() {
                calls_of
                    .entry(call.callee.as_str())
                    .or_default()
                    .push((i, j, owner));
            }
        }
    }
    let mut changed: FxHashSet<ChainName> = names.keys().cloned().collect();
    while !changed.is_empty() {
        // Each name's definitions and distances.
        // (With their reach's hashes, once: a name may have thousands of calls.)
        let mut by_name: FxHashMap<&str, Vec<Reachable>> = FxHashMap::default();
        for (chain, &d) in names.iter() {
            if changed.contains(chain) {
                by_name.entry(chain.name.as_str()).or_default().push((
                    chain,
                    d,
                    chain.reach_hashes(),
                ));
            }
        }
        // (Nearest first: the first definition a call can reach is its distance. Those
        // looked for to read a class's body are no function a call runs.)
        for defs in by_name.values_mut() {
            defs.retain(|(c, d, _)| !c.definition && *d < MAX_NAME_DEPTH);
            defs.sort_by_key(|&(_, d, _)| d);
        }
        let mut found: Vec<(ChainName, usize)> = Vec::new();
        for (name, defs) in &by_name {
            for &(i, j, owner) in calls_of.get(name).map_or(&[][..], Vec::as_slice) {
                let (model, path, lang, idents) = files[i];
                let call = &model.calls[j];
                // The shortest distance of a definition the call can reach.
                let Some(d) = defs
                    .iter()
                    .find(|(c, _, reach)| c.callable_from(reach, idents, path, call))
                    .map(|&(_, d, _)| d)
                else {
                    continue;
                };
                let f = &model.functions[owner];
                // (A Python class's `__init__`, `__call__` or `__enter__` that calls what
                // pins runs where the class's name makes an object, or where that object
                // is called or entered: `obs = Curve(..); obs(sim, k)`; looked for by the
                // class's name, as a pinning one's is. One call from the pin only: further,
                // NeMo's decoders made 60% more files be read.)
                let by_class = f
                    .class
                    .as_deref()
                    .filter(|_| lang == Language::Python && d == 0 && runs_by_class_name(&f.name))
                    .map(|class| ChainName::type_name(class, Vec::new(), Some(path.to_string())));
                for chain in ChainName::all_of(f, path, lang, model)
                    .into_iter()
                    .chain(by_class)
                {
                    if names.get(&chain).is_none_or(|&e| e > d + 1) {
                        found.push((chain, d + 1));
                    }
                }
            }
        }
        changed.clear();
        for (chain, d) in found {
            let e = names.entry(chain.clone()).or_insert(usize::MAX);
            if d < *e {
                *e = d;
                changed.insert(chain);
            }
        }
    }
}

/// A chain name's definition, its distance and its reach's hashes (`callers`).
type Reachable<'n> = (&'n ChainName, usize, Box<[u32]>);

/// Each name's shortest distance from a pin among `names` (its definitions may differ).
pub fn nearest_by_name(names: &Depths) -> FxHashMap<&str, usize> {
    let mut by_name: FxHashMap<&str, usize> = FxHashMap::default();
    for (chain, &d) in names.iter() {
        let e = by_name.entry(chain.name.as_str()).or_insert(d);
        *e = (*e).min(d);
    }
    by_name
}

/// Functions and lambdas kept in a container and called from a loop over it
/// (`sim.add_hook("flux", record)`, `self.hooks[name] = fn`, `for name, fn in
/// self.hooks.items(): fn(t)`): the code that keeps them and the loop name neither the
/// function nor anything that pins. A call handing over a chain-name function, or a lambda
/// that calls one, makes its callee a name looked for (its definition may keep the
/// parameter, `FileModel::param_elements`); such a definition makes the container's name
/// one (the loop over it names it); and a function calling the container's elements is a
/// chain name one call further.
pub fn stored_reach<'m>(
    files: impl Iterator<Item = (&'m FileModel, &'m str, Language)> + Clone,
    definitions: impl Fn(&str) -> usize,
    names: &mut Depths,
) {
    let by_name = nearest_by_name(names);
    // A lambda's distance from a pin: it pins, or calls a chain name.
    let lambda_depth = |m: &FileModel, lambda: usize| {
        let pins = m
            .events
            .iter()
            .any(|e| e.function == lambda && e.kind.repeats_matter());
        let calls = m
            .calls
            .iter()
            .filter(|c| c.function == lambda)
            .filter_map(|c| by_name.get(c.callee.as_str()))
            .min()
            .map(|d| d + 1);
        if pins { Some(0) } else { calls }
    };
    // A factory's distance: that of the closures it returns (Rust `Box::new(move |r| ..)`).
    // (Python: `return [print_pose, partial(record_pose, ..)]`, a factory of functions.)
    let mut factories: FxHashMap<&str, usize> = FxHashMap::default();
    let mut more: Vec<(ChainName, usize)> = Vec::new();
    for (m, _, _) in files.clone() {
        let closures = m
            .returned_functions
            .iter()
            .filter_map(|&(outer, inner)| Some((outer, lambda_depth(m, inner)?)));
        let named = m
            .returned_refs
            .iter()
            .filter_map(|(outer, name)| Some((*outer, *by_name.get(name.as_str())?)));
        for (outer, d) in closures.chain(named) {
            let name = m.functions[outer].name.as_str();
            let e = factories.entry(name).or_insert(d);
            *e = (*e).min(d);
        }
        // (A factory whose closure pins: its callers keep the closure or hand it on,
        // `s.set_audit(make_audit(n))`, `let mut score = make_scorer(w)`; looked for.)
        for &(outer, inner) in &m.returned_functions {
            if let Some(d) = lambda_depth(m, inner).filter(|&d| d < MAX_NAME_DEPTH) {
                more.push((ChainName::anywhere(&m.functions[outer].name), d + 1));
            }
        }
        // (Its callers hand the functions on: looked for, one call further.)
        for (outer, name) in &m.returned_refs {
            if let Some(&d) = by_name.get(name.as_str()).filter(|&&d| d < MAX_NAME_DEPTH) {
                more.push((ChainName::anywhere(&m.functions[*outer].name), d + 1));
            }
        }
    }
    let mut callees: FxHashMap<&str, usize> = FxHashMap::default();
    for (m, _, lang) in files.clone() {
        // (Registration is a method of the object that keeps them, `sim.add_hook(..)`: a
        // function handed a callable, `reduce(xs, op)` or `std::accumulate(.., op)`, runs
        // it itself.)
        let on_object = |c: &&crate::model::CallSite| match &c.receiver {
            Receiver::Expr | Receiver::SelfRef => true,
            // (Rust: a method of a local, `pvt.add_sink(..)`; `Type::f(..)` only when handed
            // a closure or what a factory returns, `Planner::new(ctx, gain, ..)`.)
            Receiver::Name(n) => {
                lang == Language::Python
                    || (lang == Language::Rust
                        && (n.starts_with(|c: char| c.is_ascii_lowercase())
                            || !c.lambda_args.is_empty()
                            || !c.factory_args.is_empty()))
            }
            // (Python: an object built with them, `Controller(policy, sinks)`.)
            Receiver::None if lang == Language::Python => {
                c.callee.starts_with(|c: char| c.is_ascii_uppercase())
            }
            // (Rust: a function of the project handed a closure it calls,
            // `scratch::with_raster(n, |r| ..)`.)
            Receiver::None | Receiver::Module(_) => {
                lang == Language::Rust && !c.lambda_args.is_empty()
            }
            _ => false,
        };
        for call in m.calls.iter().filter(on_object) {
            // (A function that pins itself: a name that only reaches one is too common a
            // word among a library's arguments.)
            let named = call
                .name_args
                .iter()
                .filter_map(|(_, n)| by_name.get(n.as_str()).copied())
                .filter(|&d| d == 0);
            let lambdas = call
                .lambda_args
                .iter()
                .filter_map(|&(_, lambda)| lambda_depth(m, lambda));
            // (Rust: `add_sink(make_raim_sink(t))`, a factory whose closure pins; Python:
            // `Probes([stage_joints])`, a list of functions.)
            let made = call
                .factory_args
                .iter()
                .filter_map(|(_, f)| factories.get(f.as_str()).copied());
            let listed = call
                .listed_args
                .iter()
                .filter_map(|(_, n)| by_name.get(n.as_str()).copied());
            let lambdas = lambdas.chain(made).chain(listed);
            // (A callee the run defines once or twice: `model.apply(init)` is a library's,
            // or one of every module's.)
            // (Rust `Planner::new(..)`: the definition in a file that names the type, however
            // many types define a `new`.)
            let typed = match &call.receiver {
                Receiver::Name(t)
                    if lang == Language::Rust && t.starts_with(char::is_uppercase) =>
                {
                    Some(t)
                }
                _ => None,
            };
            if let Some(d) = named.chain(lambdas).min().filter(|&d| d < MAX_NAME_DEPTH)
                && (typed.is_some() || (1..=2).contains(&definitions(&call.callee)))
            {
                // (Its definition, which may keep what it is handed, not its every call.)
                let definition = ChainName::definition(&call.callee);
                more.push(match typed {
                    Some(t) => (
                        ChainName {
                            reach: vec![t.clone()],
                            ..definition
                        },
                        d + 1,
                    ),
                    None => (definition, d + 1),
                });
                let e = callees.entry(call.callee.as_str()).or_insert(d + 1);
                *e = (*e).min(d + 1);
            }
        }
    }
    let mut containers: FxHashMap<String, usize> = FxHashMap::default();
    // (`module`: the container is known to be a module's, however it is spelled: one a
    // registering decorator fills, `_subscribers[topic].append(fn)`.)
    let contain_in = |containers: &mut FxHashMap<String, usize>,
                      key: &str,
                      d: usize,
                      lang: Language,
                      more: &mut Vec<(ChainName, usize)>,
                      module: bool| {
        let e = containers.entry(key.to_string()).or_insert(d);
        *e = (*e).min(d);
        // (Python: `self.hooks`, or a module's registry, `HOOKS`; C and C++: a member,
        // `hooks_`.)
        let stem = key.strip_suffix(crate::model::ELEMENTS).unwrap_or(key);
        let module = module || !stem.chars().any(|c| c.is_ascii_lowercase());
        more.push(match lang {
            Language::Python if !module => (ChainName::on_self(stem), d),
            _ => (ChainName::anywhere(stem), d),
        });
    };
    let contain = |containers: &mut FxHashMap<String, usize>,
                   key: &str,
                   d: usize,
                   lang: Language,
                   more: &mut Vec<(ChainName, usize)>| {
        contain_in(containers, key, d, lang, more, false);
    };
    // Python registries of functions: a decorator that keeps what it decorates
    // (`@verifier("code") def code_reward`, `FileModel::registering`), a module's dict of
    // functions (`FileModel::registered_functions`).
    let mut registering: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
    for (m, _, _) in files.clone() {
        for (function, registry) in &m.registering {
            registering.entry(function).or_default().push(registry);
        }
    }
    for (m, _, lang) in files.clone() {
        // (A lambda stored straight into the container, calling a chain name.)
        for (lambda, key) in &m.lambda_elements {
            if let Some(d) = lambda_depth(m, *lambda).filter(|&d| d <= MAX_NAME_DEPTH) {
                contain(&mut containers, key, d, lang, &mut more);
            }
        }
        for (h, _, key) in &m.param_elements {
            // (Python: `Controller(..)` calls `Controller.__init__`.)
            let f = &m.functions[*h];
            let class = f
                .class
                .as_deref()
                .filter(|_| lang == Language::Python && f.name == "__init__");
            if let Some(&d) = callees.get(class.unwrap_or(f.name.as_str())) {
                contain(&mut containers, key, d, lang, &mut more);
            }
        }
        // (Rust: `self.hooks.push(fill_histogram(64))`, a factory whose closure pins.)
        for (factory, key) in &m.factory_elements {
            if let Some(&d) = factories
                .get(factory.as_str())
                .filter(|&&d| d <= MAX_NAME_DEPTH)
            {
                contain(&mut containers, key, d, lang, &mut more);
            }
        }
        if lang != Language::Python {
            continue;
        }
        for (func, decorator) in m.decorated.iter().chain(&m.decorator_calls) {
            let f = &m.functions[*func];
            let Some(&d) = by_name.get(f.name.as_str()).filter(|_| f.class.is_none()) else {
                continue;
            };
            // (The decorator's definition says which registry it fills.)
            if (1..=2).contains(&definitions(decorator)) {
                more.push((ChainName::definition(decorator), d));
            }
            for registry in registering.get(decorator.as_str()).into_iter().flatten() {
                contain_in(
                    &mut containers,
                    &crate::model::element_key(registry),
                    d,
                    lang,
                    &mut more,
                    true,
                );
            }
        }
        for (key, name) in &m.registered_functions {
            if let Some(&d) = by_name.get(name.as_str()) {
                contain(&mut containers, key, d, lang, &mut more);
            }
        }
    }
    // `self.hooks = [HOOKS[n] for n in names]`: what the registry holds.
    for _ in 0..2 {
        for (m, _, lang) in files.clone() {
            for (to, from) in &m.element_aliases {
                if let Some(&d) = containers.get(from.as_str()) {
                    contain(&mut containers, to, d, lang, &mut more);
                }
            }
        }
    }
    // `self.transform = TRANSFORMS[name]`: `self.transform(x)` calls one of them.
    let mut element_attrs: FxHashMap<(&str, &str), usize> = FxHashMap::default();
    for (m, _, _) in files.clone() {
        for (class, attr, key) in &m.element_attrs {
            if let Some(&d) = containers.get(key.as_str()) {
                more.push((ChainName::on_self(attr), d));
                element_attrs.insert((class, attr), d);
            }
        }
    }
    if !containers.is_empty() {
        for (m, path, lang) in files.clone() {
            for call in &m.calls {
                let f = &m.functions[call.function];
                if f.kind != FunctionKind::Function || f.name.is_empty() {
                    continue;
                }
                let attr = (call.receiver == Receiver::SelfRef)
                    .then(|| m.functions[m.owner(call.function)].class.as_deref())
                    .flatten()
                    .and_then(|class| element_attrs.get(&(class, call.callee.as_str())));
                if let Some(&d) = crate::model::element_called(&m.loops, call, lang)
                    .and_then(|k| containers.get(k.as_str()))
                    .or(attr)
                    .filter(|&&d| d < MAX_NAME_DEPTH)
                {
                    for chain in ChainName::all_of(f, path, lang, m) {
                        more.push((chain, d + 1));
                    }
                }
            }
        }
    }
    for (chain, d) in more {
        let e = names.entry(chain).or_insert(d);
        *e = (*e).min(d);
    }
}
