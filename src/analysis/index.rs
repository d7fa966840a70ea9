//! The whole-run index: every parsed file's model, and name resolution across files for
//! call chains. Built after all files are parsed; read by project-wide rules.

use std::collections::HashMap;
use std::path::Path;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::model::{CallSite, FileModel, FuncId, FunctionKind, Language, Receiver};
use crate::scan::idents::Idents;

mod bindings;
mod hierarchy;
mod resolve;
use bindings::{bind_constructor_args, bind_param_args, expand_bindings, link_exports};

/// A name defined more often than this is too ambiguous to follow.
pub const MAX_DEFINITIONS: usize = 8;
/// `self.f()` in a base class runs any of its overrides: followed up to this many.
pub const MAX_OVERRIDES: usize = 32;

pub struct IndexedFile {
    pub path: String,
    /// Where to read it again (only files a finding points into are re-read, to locate it).
    pub real_path: std::path::PathBuf,
    pub language: Language,
    /// Trailing path components inside the directory the user named (`Candidate::depth`).
    pub depth: usize,
    pub model: FileModel,
    /// The file name without extension: what `import stem` refers to.
    pub stem: String,
    /// The identifiers the whole file mentions.
    pub idents: Idents,
}

/// `name = Class(..)` in `file`; `attr` when the name was an attribute (`self.name`).
#[derive(Clone)]
struct Binding {
    file: usize,
    class: String,
    attr: bool,
    /// A parameter's annotation: the object may be of a subclass.
    subtypes: bool,
}

/// A function in some file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FnRef {
    pub file: usize,
    pub func: FuncId,
}

/// A call site in some file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CallRef {
    pub file: usize,
    pub call: usize,
}

pub struct ProjectIndex {
    pub files: Vec<IndexedFile>,
    /// A name Python calls → the C-family functions bound to it (`FileModel::exports`).
    exported: HashMap<String, Vec<FnRef>>,
    /// Names some Rust file of the run declares in an `extern` block: a call of one
    /// (`ffi::rollup_chunk(..)` with the block in `ffi.rs`) reaches the C definition.
    foreign: FxHashSet<String>,
    /// The other way: a bound function → the names Python calls it by.
    export_names: FxHashMap<FnRef, Vec<String>>,
    definitions: HashMap<String, Vec<FnRef>>,
    /// Class name → its constructors (`__init__`, or a C++ method named like its class).
    constructors: HashMap<String, Vec<FnRef>>,
    calls: HashMap<String, Vec<CallRef>>,
    /// Class name → the bases of every class of that name in the run.
    classes: HashMap<String, Vec<String>>,
    /// Base class name → the classes that name it among their bases.
    subclasses: HashMap<String, Vec<String>>,
    /// Python name or attribute → the files that bind it to a class (`FileModel::bindings`).
    bindings: HashMap<String, Vec<Binding>>,
    /// Python registry and factory names → the classes they stand for (`bindings::makers`).
    makers: FxHashMap<String, Vec<String>>,
    /// Names defined more than `MAX_DEFINITIONS` times in the files of the run, parsed
    /// or not (counted lexically while they were read), as `scan::idents::name_hash`es.
    ambiguous: FxHashSet<(usize, u64)>,
    /// Python `@pin_output def sample`: `sample` → the functions `pin_output` returns,
    /// which a call of `sample` runs.
    wrapped: FxHashMap<FnRef, Vec<FnRef>>,
    /// The other way: a returned wrapper → the names of the functions it wraps.
    wrapper_of: FxHashMap<FnRef, Vec<String>>,
    /// A call of a parameter (`fn(arg)`, `pthread_create(&t, 0, fn, arg)` in `spawn`) →
    /// the functions callers hand over for it (`spawn(worker, 0)`).
    handed: FxHashMap<(usize, usize), Vec<FnRef>>,
    /// The other way: a function handed over → the calls of the parameter that run it.
    handed_callers: FxHashMap<FnRef, Vec<CallRef>>,
    /// A call of a parameter → (the call that hands a function over, that function).
    handed_by: FxHashMap<(usize, usize), Vec<(CallRef, FnRef)>>,
    /// (language family, element key) → the functions and lambdas the run keeps in that
    /// container or registry (`stored_callables`).
    elements: FxHashMap<(usize, String), Vec<FnRef>>,
    /// C-family functions (`name_hash`) → the stems of the files of the run, parsed or not,
    /// that declare them by prototype (`LiveNames::take_declared`).
    declared: FxHashMap<u64, Vec<Box<str>>>,
    /// C-family names → the classes they are declared with (`Exchange halo_;`), from
    /// every file read (`LiveNames::typed`); names declared with many are left out.
    /// Keyed by name, each class with the family of the declaring file.
    typed: TypedNames,
    /// C-family header keys (`scan::includes::header_key`) → the keys of the files that
    /// include them, and of those that include these, a few levels deep
    /// (`LiveNames::included_by` closed by `scan::includes::includers` once, when the
    /// index is built).
    included_by: FxHashMap<Box<str>, Vec<Box<str>>>,
    /// Python functions → (parameter, class) for the objects their callers hand over
    /// (`collect(env, agent)` with `agent = PPOAgent(..)`): `bind_param_args`.
    param_classes: FxHashMap<FnRef, Vec<(String, String)>>,
    /// C++ method names (`name_hash`) declared `virtual`, `override` or `final` anywhere
    /// in the run: an out-of-class definition of one is dispatched too.
    virtuals: FxHashSet<u64>,
    /// What each call resolves to, kept while nothing it depends on changes: during the
    /// handed links' search, then from the index's completion on (empty before; `new`
    /// starts a fresh memo for each). `callers` resolves every call of a name for each
    /// function of that name: without it a project of many `__init__`s and `update`s
    /// resolved the same calls thousands of times.
    resolved: Vec<Vec<std::sync::OnceLock<Vec<FnRef>>>>,
}

/// A name with the language family (`scan::idents::family`) of the file declaring it.
pub type FamilyName = (usize, Box<str>);

/// Class or name → the names or classes it is declared with, each with its family
/// (`LiveNames::typed`: class → names; `ProjectIndex::typed`: name → classes).
pub type TypedNames = FxHashMap<Box<str>, Vec<FamilyName>>;

impl ProjectIndex {
    /// Index `files`, sorted by path so that every derived order is deterministic.
    /// `lexical`: Python classes' bases as every file read writes them, parsed or not
    /// (`scan::idents::Definitions::bases`), so that ancestry crosses files no chain parsed.
    pub fn new(
        mut files: Vec<IndexedFile>,
        ambiguous: FxHashSet<(usize, u64)>,
        lexical: FxHashMap<String, Vec<String>>,
        declared: FxHashMap<u64, Vec<Box<str>>>,
        typed_names: TypedNames,
        included_by: FxHashMap<Box<str>, Vec<Box<str>>>,
        virtuals: FxHashSet<u64>,
    ) -> ProjectIndex {
        let mut typed = TypedNames::default();
        for (class, names) in typed_names {
            for (family, n) in names {
                typed.entry(n).or_default().push((family, class.clone()));
            }
        }
        typed.retain(|_, classes| classes.len() <= MAX_TYPED_CLASSES);
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let mut definitions: HashMap<String, Vec<FnRef>> = HashMap::new();
        let mut constructors: HashMap<String, Vec<FnRef>> = HashMap::new();
        let mut calls: HashMap<String, Vec<CallRef>> = HashMap::new();
        let mut classes: HashMap<String, Vec<String>> = HashMap::new();
        let mut bindings: HashMap<String, Vec<Binding>> = HashMap::new();
        let mut subclasses: HashMap<String, Vec<String>> = HashMap::new();
        for (file, f) in files.iter().enumerate() {
            for (name, class, attr) in &f.model.bindings {
                bindings.entry(name.clone()).or_default().push(Binding {
                    file,
                    class: class.clone(),
                    attr: *attr,
                    subtypes: false,
                });
            }
            for (name, class) in &f.model.typed_params {
                bindings.entry(name.clone()).or_default().push(Binding {
                    file,
                    class: class.clone(),
                    attr: false,
                    subtypes: true,
                });
            }
            for (func, function) in f.model.functions.iter().enumerate() {
                if function.kind == FunctionKind::Function && !function.name.is_empty() {
                    definitions
                        .entry(function.name.clone())
                        .or_default()
                        .push(FnRef { file, func });
                    if let Some(class) = &function.class
                        && (crate::model::is_init(&function.name) || function.name == *class)
                    {
                        constructors
                            .entry(class.clone())
                            .or_default()
                            .push(FnRef { file, func });
                    }
                }
            }
            for class in &f.model.classes {
                let bases = classes.entry(class.name.clone()).or_default();
                for b in &class.bases {
                    if !bases.contains(b) {
                        bases.push(b.clone());
                    }
                    let subs = subclasses.entry(b.clone()).or_default();
                    if !subs.contains(&class.name) {
                        subs.push(class.name.clone());
                    }
                }
            }
            for (call, site) in f.model.calls.iter().enumerate() {
                calls
                    .entry(site.callee.clone())
                    .or_default()
                    .push(CallRef { file, call });
            }
        }
        for (class, bs) in lexical {
            for b in bs {
                let subs = subclasses.entry(b.clone()).or_default();
                if !subs.contains(&class) {
                    subs.push(class.clone());
                }
                let bases = classes.entry(class.clone()).or_default();
                if !bases.contains(&b) {
                    bases.push(b);
                }
            }
        }
        bind_constructor_args(&files, &constructors, &mut bindings);
        let mut param_classes = bind_param_args(&files, &definitions);
        let is_class = |n: &str| classes.contains_key(n) || constructors.contains_key(n);
        let makers = crate::analysis::makers::makers(
            files
                .iter()
                .filter(|f| f.language == Language::Python)
                .map(|f| &f.model),
            |n| definitions.get(n).map_or(0, Vec::len),
            &is_class,
        )
        .classes;
        expand_bindings(&mut bindings, &mut param_classes, &makers);
        let (exported, export_names) = link_exports(&files, &definitions);
        let foreign = files
            .iter()
            .filter(|f| f.language == Language::Rust)
            .flat_map(|f| f.model.foreign_functions.iter().cloned())
            .collect();
        let mut index = ProjectIndex {
            files,
            exported,
            foreign,
            export_names,
            definitions,
            constructors,
            calls,
            classes,
            subclasses,
            bindings,
            param_classes,
            makers,
            ambiguous,
            wrapped: FxHashMap::default(),
            wrapper_of: FxHashMap::default(),
            handed: FxHashMap::default(),
            handed_callers: FxHashMap::default(),
            handed_by: FxHashMap::default(),
            elements: FxHashMap::default(),
            declared,
            typed,
            included_by: included_by
                .keys()
                .map(|h| {
                    let all = crate::scan::includes::includers(h, &included_by);
                    (h.clone(), all.into_iter().map(Into::into).collect())
                })
                .collect(),
            virtuals,
            resolved: Vec::new(),
        };
        index.link_decorators();
        // (While the handed links are looked for, nothing a call resolves to changes: what
        // they resolve to is kept for the search, then forgotten once the links are in.)
        index.resolved = index.fresh_resolutions();
        index.link_handed();
        index.resolved = index.fresh_resolutions();
        index
    }

    /// An empty memo of what each call resolves to (see `ProjectIndex::resolved`).
    fn fresh_resolutions(&self) -> Vec<Vec<std::sync::OnceLock<Vec<FnRef>>>> {
        self.files
            .iter()
            .map(|f| {
                f.model
                    .calls
                    .iter()
                    .map(|_| std::sync::OnceLock::new())
                    .collect()
            })
            .collect()
    }

    /// The free functions named `name` that code in `file` can mean (its own file's first;
    /// else the ones it can see, unless too many).
    pub fn free_functions(&self, name: &str, file: usize) -> Vec<FnRef> {
        let Some(defs) = self.definitions.get(name) else {
            return Vec::new();
        };
        let caller = &self.files[file];
        let free: Vec<FnRef> = defs
            .iter()
            .copied()
            .filter(|d| {
                self.function(*d).class.is_none()
                    && same_family(self.files[d.file].language, caller.language)
            })
            .collect();
        let local: Vec<FnRef> = free
            .iter()
            .copied()
            .filter(|d| self.files[d.file].path == caller.path)
            .collect();
        if !local.is_empty() {
            return local;
        }
        if free.len() > MAX_DEFINITIONS {
            return Vec::new();
        }
        free.into_iter()
            .filter(|d| self.imports(caller, *d))
            .collect()
    }

    /// The nested functions and closures `d` returns (`return wrapper`, `Box::new(|s| ..)`).
    fn returned_closures(&self, d: FnRef) -> impl Iterator<Item = FnRef> + '_ {
        self.files[d.file]
            .model
            .returned_functions
            .iter()
            .filter(move |(outer, _)| *outer == d.func)
            .map(move |&(_, inner)| FnRef {
                file: d.file,
                func: inner,
            })
    }

    /// The functions a call of `d` hands back: the closures it returns, and the project
    /// functions it returns by name (`return [print_pose, partial(record_pose, ..)]`).
    pub fn handed_back(&self, d: FnRef) -> Vec<FnRef> {
        let named = self.files[d.file]
            .model
            .returned_refs
            .iter()
            .filter(|(outer, _)| *outer == d.func)
            .flat_map(|(_, name)| self.free_functions(name, d.file));
        self.returned_closures(d).chain(named).collect()
    }

    /// `@pin_output def sample(..)` where `pin_output` returns a nested `wrapper`: calls of
    /// `sample` run `wrapper` (see `wrapped`).
    fn link_decorators(&mut self) {
        let mut wrapped: FxHashMap<FnRef, Vec<FnRef>> = FxHashMap::default();
        let mut wrapper_of: FxHashMap<FnRef, Vec<String>> = FxHashMap::default();
        for (file, f) in self.files.iter().enumerate() {
            for (func, decorator) in &f.model.decorated {
                let decorated = FnRef { file, func: *func };
                for d in self.free_functions(decorator, file) {
                    for wrapper in self.returned_closures(d) {
                        wrapped.entry(decorated).or_default().push(wrapper);
                        wrapper_of
                            .entry(wrapper)
                            .or_default()
                            .push(self.function(decorated).name.clone());
                    }
                }
            }
        }
        self.wrapped = wrapped;
        self.wrapper_of = wrapper_of;
    }

    /// A function that calls one of its parameters (`fn(arg)`, or hands it to a thread:
    /// `pthread_create(&t, 0, fn, arg)`) runs whatever function its callers pass there by
    /// name (`spawn(worker, 0)`): that call of the parameter reaches `worker` (see `handed`).
    fn link_handed(&mut self) {
        let mut handed: FxHashMap<(usize, usize), Vec<FnRef>> = FxHashMap::default();
        let mut handed_callers: FxHashMap<FnRef, Vec<CallRef>> = FxHashMap::default();
        let mut handed_by: FxHashMap<(usize, usize), Vec<(CallRef, FnRef)>> = FxHashMap::default();
        for (file, f) in self.files.iter().enumerate() {
            for (call, site) in f.model.calls.iter().enumerate() {
                if site.receiver != Receiver::None {
                    continue;
                }
                let function = &f.model.functions[site.function];
                if function.kind != FunctionKind::Function {
                    continue;
                }
                let Some(at) = function.argument_position(&site.callee) else {
                    continue;
                };
                let holder = FnRef {
                    file,
                    func: site.function,
                };
                // (Only the calls that hand something over there are resolved.)
                let hands = |site: &CallSite| {
                    site.name_args.iter().any(|(i, _)| usize::from(*i) == at)
                        || site.lambda_args.iter().any(|(i, _)| usize::from(*i) == at)
                };
                for c in self.callers_where(holder, hands) {
                    let outer = self.call(c);
                    // (By name, `spawn(worker, 0)`, or a lambda, `with_raster(n, |r| ..)`.)
                    let lambdas = outer
                        .lambda_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .map(|&(_, func)| FnRef { file: c.file, func });
                    let named = outer
                        .name_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .flat_map(|(_, name)| self.free_functions(name, c.file));
                    let targets: Vec<FnRef> = named.chain(lambdas).collect();
                    for target in targets {
                        handed_by.entry((file, call)).or_default().push((c, target));
                        let targets = handed.entry((file, call)).or_default();
                        if !targets.contains(&target) {
                            targets.push(target);
                            handed_callers
                                .entry(target)
                                .or_default()
                                .push(CallRef { file, call });
                        }
                    }
                }
            }
        }
        let (stored_calls, elements) = self.stored_callables();
        self.elements = elements;
        for (call, targets) in stored_calls {
            // The loop over the container calls each kept function once per pass: what
            // repeats one of them is the loop around it (`for t ..: for fn in hooks: fn(t)`),
            // unless the container also holds objects of a class (`stage(x)`, N of them).
            // (A binding to what is no class, `self.sinks = list(sinks)` handed
            // `default_sinks(log)`, holds functions.)
            let key = self.call(call).receiver_attr.clone().unwrap_or_default();
            let objects = self
                .bindings
                .get(&key)
                .is_some_and(|b| b.iter().any(|b| self.classes.contains_key(&b.class)));
            if !objects {
                let model = &mut self.files[call.file].model;
                let site = &model.calls[call.call];
                // (Only when the innermost loop walks the container: `fn(t)` on its
                // element, not `sinks["x"](t)` in a time loop.)
                let over = |l: usize| {
                    let lp = &model.loops[l];
                    lp.element
                        .as_ref()
                        .is_some_and(|(var, _)| *var == site.callee)
                        || lp.walks.as_deref() == Some(key.as_str())
                };
                if let Some(l) = site.innermost_loop.filter(|&l| over(l)) {
                    let parent = model.loops[l].parent;
                    model.calls[call.call].innermost_loop = parent;
                }
            }
            for target in targets {
                let list = handed.entry((call.file, call.call)).or_default();
                if !list.contains(&target) {
                    list.push(target);
                    handed_callers.entry(target).or_default().push(call);
                }
            }
        }
        self.handed = handed;
        self.handed_by = handed_by;
        self.handed_callers = handed_callers;
    }

    /// A function or lambda handed to a function that keeps it in a container
    /// (`sim.add_hook("flux", record)` with `self.hooks[name] = fn`; `FileModel::
    /// param_elements`) runs where the container's elements are called (`for name, fn in
    /// self.hooks.items(): fn(t)`; `for (auto& [name, fn] : hooks_) fn(t)`): those calls
    /// and what each reaches.
    #[allow(clippy::type_complexity)]
    fn stored_callables(
        &self,
    ) -> (
        Vec<(CallRef, Vec<FnRef>)>,
        FxHashMap<(usize, String), Vec<FnRef>>,
    ) {
        let mut stored: FxHashMap<(usize, String), Vec<FnRef>> = FxHashMap::default();
        for (file, f) in self.files.iter().enumerate() {
            let family = crate::scan::idents::family(f.language);
            for (h, param, key) in &f.model.param_elements {
                let Some(at) = f.model.functions[*h].argument_position(param) else {
                    continue;
                };
                // (Only the calls that hand something over there are resolved: an
                // `__init__` keeping a parameter is called by every `super().__init__()`.)
                let hands = |site: &CallSite| {
                    let here = |i: &u8| usize::from(*i) == at;
                    site.name_args.iter().any(|(i, _)| here(i))
                        || site.lambda_args.iter().any(|(i, _)| here(i))
                        || site.factory_args.iter().any(|(i, _)| here(i))
                        || site.listed_args.iter().any(|(i, _)| here(i))
                };
                for c in self.callers_where(FnRef { file, func: *h }, hands) {
                    let outer = self.call(c);
                    let named = outer
                        .name_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .flat_map(|(_, name)| self.free_functions(name, c.file));
                    let lambdas = outer
                        .lambda_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .map(|(_, func)| FnRef {
                            file: c.file,
                            func: *func,
                        });
                    // (Rust: `add_sink(make_raim_sink(t))`, the closures it returns; Python:
                    // `Controller(policy, default_sinks(log))`, the functions it returns.)
                    let made: Vec<FnRef> = outer
                        .factory_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .flat_map(|(_, factory)| self.free_functions(factory, c.file))
                        .flat_map(|d| self.handed_back(d))
                        .collect();
                    // (`Probes([stage_joints])`: the functions a list hands over.)
                    let listed = outer
                        .listed_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                        .flat_map(|(_, name)| self.free_functions(name, c.file));
                    let targets = stored.entry((family, key.clone())).or_default();
                    for t in named.chain(lambdas).chain(made).chain(listed) {
                        if !targets.contains(&t) {
                            targets.push(t);
                        }
                    }
                }
            }
        }
        for (file, f) in self.files.iter().enumerate() {
            let family = crate::scan::idents::family(f.language);
            for (lambda, key) in &f.model.lambda_elements {
                let t = FnRef {
                    file,
                    func: *lambda,
                };
                let targets = stored.entry((family, key.clone())).or_default();
                if !targets.contains(&t) {
                    targets.push(t);
                }
            }
            for (factory, key) in &f.model.factory_elements {
                for d in self.free_functions(factory, file) {
                    for t in self.returned_closures(d) {
                        let targets = stored.entry((family, key.clone())).or_default();
                        if !targets.contains(&t) {
                            targets.push(t);
                        }
                    }
                }
            }
        }
        self.registered_functions(&mut stored);
        stored.retain(|_, targets| !targets.is_empty());
        if stored.is_empty() {
            return (Vec::new(), stored);
        }
        let mut out = Vec::new();
        for (file, f) in self.files.iter().enumerate() {
            let family = crate::scan::idents::family(f.language);
            for (call, site) in f.model.calls.iter().enumerate() {
                // (C and C++: `self->handler_(f)` calls a member given one callable,
                // `handler_ = std::move(h)`, as a container of one.)
                let key =
                    crate::model::element_called(&f.model.loops, site, f.language).or_else(|| {
                        let one = crate::model::element_key(&site.callee);
                        (f.language != Language::Python
                            && f.language != Language::Rust
                            && stored.contains_key(&(family, one.clone())))
                        .then_some(one)
                    });
                if let Some(k) = key
                    && let Some(targets) = stored.get(&(family, k))
                {
                    out.push((CallRef { file, call }, targets.clone()));
                }
                // `self.transform(x)` with `self.transform = TRANSFORMS[name]`.
                if site.receiver == Receiver::SelfRef
                    && let Some(class) = f.model.functions[f.model.owner(site.function)]
                        .class
                        .as_deref()
                    && let Some((_, _, k)) = f
                        .model
                        .element_attrs
                        .iter()
                        .find(|(c, a, _)| c == class && *a == site.callee)
                    && let Some(targets) = stored.get(&(family, k.clone()))
                {
                    out.push((CallRef { file, call }, targets.clone()));
                }
            }
        }
        (out, stored)
    }

    /// Python functions a module's registry keeps (`FileModel::registered_functions`, and
    /// those a registering decorator keeps: `@verifier("code") def code_reward`), added
    /// to `stored` under the registry's element key; then what containers filled from
    /// a registry hold (`self.hooks = [HOOKS[n] for n in names]`).
    fn registered_functions(&self, stored: &mut FxHashMap<(usize, String), Vec<FnRef>>) {
        let python = crate::scan::idents::family(Language::Python);
        let mut registering: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
        for f in self.files.iter().filter(|f| f.language == Language::Python) {
            for (function, registry) in &f.model.registering {
                registering.entry(function).or_default().push(registry);
            }
        }
        let mut add = |key: String, t: FnRef| {
            let targets = stored.entry((python, key)).or_default();
            if !targets.contains(&t) {
                targets.push(t);
            }
        };
        for (file, f) in self.files.iter().enumerate() {
            if f.language != Language::Python {
                continue;
            }
            let decorators = f.model.decorated.iter().chain(&f.model.decorator_calls);
            for (func, decorator) in decorators {
                if f.model.functions[*func].class.is_some() {
                    continue;
                }
                for registry in registering.get(decorator.as_str()).into_iter().flatten() {
                    add(
                        crate::model::element_key(registry),
                        FnRef { file, func: *func },
                    );
                }
            }
            for (key, name) in &f.model.registered_functions {
                for t in self.free_functions(name, file) {
                    add(key.clone(), t);
                }
            }
        }
        for f in self.files.iter().filter(|f| f.language == Language::Python) {
            for (to, from) in &f.model.element_aliases {
                let held = stored
                    .get(&(python, from.clone()))
                    .cloned()
                    .unwrap_or_default();
                if held.is_empty() {
                    continue;
                }
                let targets = stored.entry((python, to.clone())).or_default();
                for t in held {
                    if !targets.contains(&t) {
                        targets.push(t);
                    }
                }
            }
        }
    }

    /// Can `outer` (a call of the function that holds `inner`) lead `inner` to run
    /// `target`? Always, unless `inner` calls a parameter: then only when `outer` hands
    /// `target` over for it (`spawn(stage, ..)` runs `stage`, not every function some
    /// other call of `spawn` passes).
    pub fn passes(&self, outer: CallRef, inner: CallRef, target: FnRef) -> bool {
        match self.handed_by.get(&(inner.file, inner.call)) {
            None => true,
            Some(pairs) => pairs.iter().any(|(o, t)| *o == outer && *t == target),
        }
    }

    /// The Python functions the run keeps in the container or registry of element key
    /// `key` (`REWARDS[]`: see `stored_callables`).
    pub fn element_functions(&self, key: &str) -> &[FnRef] {
        self.elements
            .get(&(
                crate::scan::idents::family(Language::Python),
                key.to_string(),
            ))
            .map_or(&[], Vec::as_slice)
    }

    /// The classes of the objects `f`'s callers hand over in its parameter `param`
    /// (`make_loader(ds, Batcher(..))`: `Batcher` for `collate`).
    pub fn param_objects<'s>(&'s self, f: FnRef, param: &'s str) -> impl Iterator<Item = &'s str> {
        self.param_classes
            .get(&f)
            .into_iter()
            .flatten()
            .filter(move |(p, _)| p == param)
            .map(|(_, class)| class.as_str())
    }

    /// Does the call grow its object, and so repeat only when a size beyond every
    /// earlier one comes? `self._reinitialize(n, b)` under `if n > self.max_len:`, where
    /// every function it reaches sets `self.max_len` again (`FileModel::grow_calls`,
    /// `member_sets`).
    pub fn grows_only(&self, c: CallRef) -> bool {
        let model = &self.files[c.file].model;
        if model.grow_calls.is_empty() {
            return false;
        }
        let site = self.call(c);
        let Some((_, members)) = model.grow_calls.iter().find(|(s, _)| *s == site.span) else {
            return false;
        };
        let targets = self.resolve(c);
        !targets.is_empty()
            && targets.iter().all(|t| {
                self.files[t.file]
                    .model
                    .member_sets
                    .iter()
                    .any(|(func, a)| *func == t.func && members.contains(a))
            })
    }

    pub fn call(&self, c: CallRef) -> &CallSite {
        &self.files[c.file].model.calls[c.call]
    }

    pub fn function(&self, f: FnRef) -> &crate::model::Function {
        &self.files[f.file].model.functions[f.func]
    }

    /// Every call site that may reach `target`.
    pub fn callers(&self, target: FnRef) -> Vec<CallRef> {
        self.callers_where(target, |_| true)
    }

    /// The call sites that may reach `target` among those `keep` accepts (asked first:
    /// resolving every call of a common name is what costs).
    fn callers_where(&self, target: FnRef, keep: impl Fn(&CallSite) -> bool) -> Vec<CallRef> {
        let f = self.function(target);
        // A constructor is called by its class's name.
        let mut names = vec![f.name.as_str()];
        if let Some(class) = f.class.as_deref()
            && (crate::model::is_init(&f.name) || f.name == class)
            && f.name != class
        {
            names.push(class);
        }
        // A function bound for Python is called by the name it is bound to.
        names.extend(
            self.export_names
                .get(&target)
                .into_iter()
                .flatten()
                .map(String::as_str),
        );
        // A decorator's wrapper runs where the functions it wraps are called.
        names.extend(
            self.wrapper_of
                .get(&target)
                .into_iter()
                .flatten()
                .map(String::as_str),
        );
        let mut found: Vec<CallRef> = names
            .iter()
            .filter_map(|n| self.calls.get(*n))
            .flatten()
            .copied()
            .filter(|c| keep(self.call(*c)) && self.resolve(*c).contains(&target))
            .collect();
        found.extend(
            self.handed_callers
                .get(&target)
                .into_iter()
                .flatten()
                .copied()
                .filter(|c| keep(self.call(*c))),
        );
        // Source order, whichever part of a file a call was parsed with.
        found.sort_by(|a, b| {
            let key = |c: &CallRef| (&self.files[c.file].path, self.call(*c).span.start);
            key(a).cmp(&key(b))
        });
        found.dedup();
        found
    }
}

/// Is the Python file at `path` the module `a.b` (`…/a/b.py` or `…/a/b/__init__.py`)?
fn module_file(path: &str, module: &str) -> bool {
    let suffix = module.replace('.', "/");
    let stem = path.strip_suffix(".py").unwrap_or(path);
    let at_boundary =
        |m: &str| stem == m || stem.strip_suffix(m).is_some_and(|rest| rest.ends_with('/'));
    at_boundary(&suffix) || at_boundary(&format!("{suffix}/__init__"))
}

/// Languages whose functions call each other by name.
fn same_family(a: Language, b: Language) -> bool {
    let family = |l: Language| match l {
        Language::Python => 0,
        Language::C | Language::Cpp | Language::Cuda => 1,
        Language::Rust => 2,
    };
    family(a) == family(b)
}

/// A C++ data member's name without the marks conventions add (`uploader_`, `m_uploader`,
/// `_uploader` → `uploader`).
fn member_stem(name: &str) -> &str {
    let n = name.strip_suffix('_').unwrap_or(name);
    let n = n.strip_prefix("m_").unwrap_or(n);
    let n = n.strip_prefix('_').unwrap_or(n);
    if n.is_empty() { name } else { n }
}

pub fn stem(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A name declared with more classes than this (`impl_`, `state`) says little about
/// which class a call on it reaches.
pub const MAX_TYPED_CLASSES: usize = 4;
