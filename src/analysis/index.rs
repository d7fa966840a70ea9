//! The whole-run index: every parsed file's model, and name resolution across files for
//! call chains. Built after all files are parsed; read by project-wide rules.

use std::collections::HashMap;
use std::path::Path;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::model::{CallSite, FileModel, FuncId, FunctionKind, Language, Receiver};
use crate::scan::idents::Idents;

mod bindings;
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
    typed: FxHashMap<Box<str>, Vec<Box<str>>>,
    /// C-family header stems → the stems of the files that include them
    /// (`LiveNames::included_by`): one level of includes followed.
    included_by: FxHashMap<Box<str>, Vec<Box<str>>>,
    /// Python functions → (parameter, class) for the objects their callers hand over
    /// (`collect(env, agent)` with `agent = PPOAgent(..)`): `bind_param_args`.
    param_classes: FxHashMap<FnRef, Vec<(String, String)>>,
    /// C++ method names (`name_hash`) declared `virtual`, `override` or `final` anywhere
    /// in the run: an out-of-class definition of one is dispatched too.
    virtuals: FxHashSet<u64>,
}

impl ProjectIndex {
    /// Index `files`, sorted by path so that every derived order is deterministic.
    /// `lexical`: Python classes' bases as every file read writes them, parsed or not
    /// (`scan::idents::Definitions::bases`), so that ancestry crosses files no chain parsed.
    pub fn new(
        mut files: Vec<IndexedFile>,
        ambiguous: FxHashSet<(usize, u64)>,
        lexical: FxHashMap<String, Vec<String>>,
        declared: FxHashMap<u64, Vec<Box<str>>>,
        typed_names: FxHashMap<Box<str>, Vec<Box<str>>>,
        included_by: FxHashMap<Box<str>, Vec<Box<str>>>,
        virtuals: FxHashSet<u64>,
    ) -> ProjectIndex {
        let mut typed: FxHashMap<Box<str>, Vec<Box<str>>> = FxHashMap::default();
        for (class, names) in typed_names {
            for n in names {
                typed.entry(n).or_default().push(class.clone());
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
                        && (function.name == "__init__" || function.name == *class)
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
        let mut index = ProjectIndex {
            files,
            exported,
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
            included_by,
            virtuals,
        };
        index.link_decorators();
        index.link_handed();
        index
    }

    /// The free functions named `name` that code in `file` can mean (its own file's first;
    /// else the ones it can see, unless too many).
    fn free_functions(&self, name: &str, file: usize) -> Vec<FnRef> {
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

    /// `@pin_output def sample(..)` where `pin_output` returns a nested `wrapper`: calls of
    /// `sample` run `wrapper` (see `wrapped`).
    fn link_decorators(&mut self) {
        let mut wrapped: FxHashMap<FnRef, Vec<FnRef>> = FxHashMap::default();
        let mut wrapper_of: FxHashMap<FnRef, Vec<String>> = FxHashMap::default();
        for (file, f) in self.files.iter().enumerate() {
            for (func, decorator) in &f.model.decorated {
                let decorated = FnRef { file, func: *func };
                for d in self.free_functions(decorator, file) {
                    let returned = &self.files[d.file].model.returned_functions;
                    for &(_, inner) in returned.iter().filter(|(outer, _)| *outer == d.func) {
                        let wrapper = FnRef {
                            file: d.file,
                            func: inner,
                        };
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
                for c in self.callers(holder) {
                    let outer = self.call(c);
                    for (_, name) in outer
                        .name_args
                        .iter()
                        .filter(|(i, _)| usize::from(*i) == at)
                    {
                        for target in self.free_functions(name, c.file) {
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
        }
        let (stored_calls, elements) = self.stored_callables();
        self.elements = elements;
        for (call, targets) in stored_calls {
            // The loop over the container calls each kept function once per pass: what
            // repeats one of them is the loop around it (`for t ..: for fn in hooks: fn(t)`),
            // unless the container also holds objects of a class (`stage(x)`, N of them).
            let key = self.call(call).receiver_attr.clone().unwrap_or_default();
            if self.bindings.get(&key).is_none_or(|b| b.is_empty()) {
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
                for c in self.callers(FnRef { file, func: *h }) {
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
                    let targets = stored.entry((family, key.clone())).or_default();
                    for t in named.chain(lambdas) {
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
                let key = crate::model::element_called(&f.model.loops, site, f.language);
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

    /// The functions a call may reach, narrowed where the code makes it certain:
    /// `self.f()` → the caller's class; `mod.f()` → top-level `f` in a file named `mod`;
    /// `Name::f()` / `Name.f()` → `f` in class or namespace `Name`; `f()` → a top-level `f`
    /// (the caller's own file first; in C++ also the caller's class); `obj.f()` → `f` when
    /// one class alone defines it. Empty when ambiguous.
    pub fn resolve(&self, c: CallRef) -> Vec<FnRef> {
        let mut found = self.resolve_direct(c);
        if found.is_empty() {
            found = self.resolve_exported(c);
        }
        if let Some(handed) = self.handed.get(&(c.file, c.call)) {
            found.extend(handed.iter().copied());
        }
        if !self.wrapped.is_empty() {
            let wrappers: Vec<FnRef> = found
                .iter()
                .filter_map(|f| self.wrapped.get(f))
                .flatten()
                .copied()
                .collect();
            found.extend(wrappers);
        }
        found
    }

    /// Is `obj.f()` resolved only because one class alone defines `f`: nothing states the
    /// receiver's class (no module-level binding `obj = Class(..)`, no class or namespace
    /// named like it, no attribute named after a class)? Such an edge may be wrong (`opt.step()` on a
    /// library optimiser), so a finding is not moved onto it.
    pub fn guessed(&self, c: CallRef) -> bool {
        // (What a call runs because the run hands it there, or keeps it in the container
        // it calls from, is known.)
        if self.handed.contains_key(&(c.file, c.call)) {
            return false;
        }
        let site = self.call(c);
        let Some(defs) = self.definitions.get(&site.callee) else {
            return false;
        };
        let class_of = |d: &FnRef| self.function(*d).class.as_deref();
        let caller = &self.files[c.file];
        let named = |n: &str| {
            // (A C++ member is spelled `uploader_` or `m_uploader` for an `Uploader` the
            // caller can see.)
            let python = caller.language == Language::Python;
            let n = if python { n } else { member_stem(n) };
            defs.iter().any(|d| {
                class_of(d).is_some_and(|k| {
                    k == n
                        || (crate::model::snake_case(k) == n
                            && (python || self.method_visible(caller, *d)))
                }) || self.function(*d).namespace.as_deref() == Some(n)
            })
        };
        // (An attribute's bindings, `self.x = Class(..)` in some method, are only known
        // where that method was parsed; a module's names, wherever they are used.)
        match (&site.receiver, site.receiver_attr.as_deref()) {
            (Receiver::Name(n), _) => !named(n) && self.by_binding(c, defs).is_empty(),
            // (`stage.f()` in `for stage in self.stages`: by what `stages` holds.)
            (Receiver::Expr, Some(a)) if crate::model::is_element_key(a) => {
                self.by_binding(c, defs).is_empty()
            }
            (Receiver::Expr, Some(a)) => !named(a),
            (Receiver::Expr, None) => true,
            _ => false,
        }
    }

    /// A Python call of a name no Python code of the run defines, which a C-family file
    /// binds for Python (`ext.stage(x)`, `torch.ops.ns.stage(x)`, `lib.stage(..)` through
    /// ctypes): the bound functions.
    fn resolve_exported(&self, c: CallRef) -> Vec<FnRef> {
        let site = self.call(c);
        let caller = &self.files[c.file];
        // Rust: a function its file declares in an `extern` block, by its C name.
        if caller.language == Language::Rust {
            let declared = matches!(site.receiver, Receiver::None | Receiver::Module(_))
                && caller.model.foreign_functions.contains(&site.callee);
            return match self.exported.get(&site.callee) {
                Some(bound) if declared => bound.clone(),
                _ => Vec::new(),
            };
        }
        if self.files[c.file].language != Language::Python
            || site.receiver == Receiver::SelfRef
            || site.receiver == Receiver::New
        {
            return Vec::new();
        }
        let Some(bound) = self.exported.get(&site.callee) else {
            return Vec::new();
        };
        // `ext.f(..)` on a module no Python file of the run is: the extension's `f`, whatever
        // Python functions of that name exist elsewhere. A call on anything else, only when
        // no Python code defines the name.
        let python_module = |m: &str| {
            self.files
                .iter()
                .any(|f| f.language == Language::Python && f.stem == m)
        };
        // (`torch.ops.zero_ops.f(..)`: the last name before `f`, a namespace no Python file
        // of the run is, decides it too, whatever Python wrapper is also named `f`.)
        let decided = match (&site.receiver, site.receiver_attr.as_deref()) {
            (Receiver::Module(m) | Receiver::Name(m), _) => !python_module(m),
            (Receiver::Expr, Some(a)) => a != "self" && !python_module(a),
            _ => false,
        };
        let python_defines = self.definitions.get(&site.callee).is_some_and(|defs| {
            defs.iter()
                .any(|d| self.files[d.file].language == Language::Python)
        });
        if python_defines && !decided {
            return Vec::new();
        }
        bound.clone()
    }

    /// `resolve` by names and receivers alone.
    fn resolve_direct(&self, c: CallRef) -> Vec<FnRef> {
        let site = self.call(c);
        // `Chunk(..)`, `new Chunk(..)`: the class's constructor (`__init__`, or C++'s
        // method named like the class).
        let constructors: Vec<FnRef> = self
            .constructors
            .get(&site.callee)
            .into_iter()
            .flatten()
            .copied()
            .filter(|d| same_family(self.files[d.file].language, self.files[c.file].language))
            .collect();
        if site.receiver == Receiver::New
            || (!constructors.is_empty()
                && matches!(site.receiver, Receiver::None | Receiver::Module(_)))
        {
            let caller = &self.files[c.file];
            // A class defined in the caller's own file is the one it constructs, however
            // many other files define a class of that name (samples each with a `matrix`).
            let local: Vec<FnRef> = constructors
                .iter()
                .copied()
                .filter(|d| self.files[d.file].path == caller.path)
                .collect();
            if !local.is_empty() {
                return local;
            }
            // (A class is as ambiguous as its name; which of them the caller can see is
            // decided after.)
            if constructors.len() > MAX_DEFINITIONS {
                return Vec::new();
            }
            return constructors
                .into_iter()
                .filter(|d| self.imports(caller, *d))
                .collect();
        }
        let Some(defs) = self.definitions.get(&site.callee) else {
            return Vec::new();
        };
        // `stage(x)` in `for stage in self.stages`: the classes stored into `stages`, and
        // nothing when none is known (any `__call__` would be a guess).
        if site
            .receiver_attr
            .as_deref()
            .is_some_and(crate::model::is_element_key)
        {
            return self.by_binding(c, defs);
        }
        // A plain call of a free function its own file defines is that function, however
        // many other files define one of the same name.
        let caller = &self.files[c.file];
        // (A lambda calls as the method it is written in does: `[this] { flush(); }`.)
        let caller_class = caller.model.functions[caller.model.owner(site.function)]
            .class
            .as_deref();
        let member = caller_class.is_some_and(|cls| {
            defs.iter()
                .any(|d| self.function(*d).class.as_deref() == Some(cls))
        });
        // `self.f()`: the caller's own class (in its own file first), else the subclasses
        // that override `f`, however many unrelated classes define an `f`.
        if let (Receiver::SelfRef, Some(cls)) = (&site.receiver, caller_class) {
            let family = |d: &FnRef| same_family(self.files[d.file].language, caller.language);
            let own: Vec<FnRef> = defs
                .iter()
                .copied()
                .filter(|d| family(d) && self.function(*d).class.as_deref() == Some(cls))
                .collect();
            let local: Vec<FnRef> = own
                .iter()
                .copied()
                .filter(|d| self.files[d.file].path == caller.path)
                .collect();
            let mut found = if !local.is_empty() { local } else { own };
            if found.is_empty() {
                // Inherited: the nearest base class that defines `f`.
                let ancestors = self.ancestors(cls, caller);
                found = defs
                    .iter()
                    .copied()
                    .filter(|d| {
                        family(d)
                            && self
                                .function(*d)
                                .class
                                .as_deref()
                                .is_some_and(|k| ancestors.iter().any(|a| a == k))
                    })
                    .collect();
            }
            // Virtual dispatch: `self.f()` in a base class also runs each override, in
            // subclasses at any depth.
            let derived = self.descendants(cls);
            found.extend(defs.iter().copied().filter(|d| {
                family(d)
                    && self
                        .function(*d)
                        .class
                        .as_deref()
                        .is_some_and(|k| derived.contains(k))
            }));
            return if found.len() > MAX_OVERRIDES {
                Vec::new()
            } else {
                found
            };
        }
        // `from a.b import f`: the `f` that module defines.
        if matches!(site.receiver, Receiver::None)
            && let Some((_, module)) = caller
                .model
                .imported
                .iter()
                .find(|(name, _)| *name == site.callee)
        {
            let from: Vec<FnRef> = defs
                .iter()
                .copied()
                .filter(|d| {
                    self.function(*d).class.is_none()
                        && module_file(&self.files[d.file].path, module)
                })
                .collect();
            if !from.is_empty() {
                return from;
            }
        }
        // `self.cache.pin()`, `ctx.pin()` where `self.cache = Cache(..)` / `ctx = Cache(..)`
        // somewhere the caller can see: `Cache`'s method (or an inherited one), however
        // many other classes define one of that name.
        let typed = self.by_binding(c, defs);
        if !typed.is_empty() {
            return typed;
        }
        if matches!(site.receiver, Receiver::None) && !member {
            let local: Vec<FnRef> = defs
                .iter()
                .copied()
                .filter(|d| {
                    self.files[d.file].path == caller.path && self.function(*d).class.is_none()
                })
                .collect();
            if !local.is_empty() {
                return local;
            }
        }
        // `Cache.f()`, or a call on an object known to be a `Cache` (`chan(x)` on
        // `chan: Channelizer` is `Channelizer.__call__`): that class's method, however
        // many other classes define one of the name (`__call__`, `forward`); the class in
        // the caller's own file first.
        if let Receiver::Name(name) = &site.receiver {
            // (A local made by a registry or a factory: the classes it can make.)
            let made = self
                .makers
                .get(name.as_str())
                .filter(|_| caller.language == Language::Python);
            let of_class = self.methods_of(defs, caller, |k| {
                k == name || made.is_some_and(|m| m.iter().any(|c| c == k))
            });
            let local: Vec<FnRef> = of_class
                .iter()
                .copied()
                .filter(|d| self.files[d.file].path == caller.path)
                .collect();
            if !local.is_empty() {
                return local;
            }
            if !of_class.is_empty() && of_class.len() <= MAX_DEFINITIONS {
                return of_class;
            }
        }
        // `halo_.exchange()` on a name declared `Exchange halo_;` (in the caller's class's
        // header, or as a local): `Exchange::exchange`.
        if caller.language != Language::Python {
            let on = match (&site.receiver, site.receiver_attr.as_deref()) {
                (Receiver::Name(n), _) => Some(n.as_str()),
                (Receiver::Expr, Some(a)) => Some(a),
                _ => None,
            };
            // (`for (auto& s : sources_) s.inject(..)`: an element of `sources_`.)
            let on = on.map(|n| {
                caller
                    .model
                    .loops
                    .iter()
                    .filter(|l| l.function == site.function)
                    .find_map(|l| {
                        l.element
                            .as_ref()
                            .filter(|(var, _)| var == n)
                            .map(|(_, collection)| collection.as_str())
                    })
                    .unwrap_or(n)
            });
            // (`void update_wind(WindField& w) { w.update(); }`: the parameter's class.)
            let param = on.and_then(|n| {
                caller
                    .model
                    .param_classes
                    .iter()
                    .find(|(f, p, _)| *f == site.function && p == n)
                    .map(|(_, _, class)| class.as_str())
            });
            if let Some(class) = param {
                let derived: FxHashSet<&str> = self.descendants(class).into_iter().collect();
                let of_type = self.methods_of(defs, caller, |k| k == class || derived.contains(k));
                if !of_type.is_empty() && of_type.len() <= MAX_OVERRIDES {
                    return of_type;
                }
            }
            if let Some(classes) = on.and_then(|n| self.typed.get(n)) {
                // (A pointer to a base class, `Element* el`: its overrides run too.)
                let derived: FxHashSet<&str> =
                    classes.iter().flat_map(|c| self.descendants(c)).collect();
                let of_type = self.methods_of(defs, caller, |k| {
                    classes.iter().any(|c| **c == *k) || derived.contains(k)
                });
                if !of_type.is_empty() && of_type.len() <= MAX_OVERRIDES {
                    return of_type;
                }
                // (Its subclasses declared in headers no chain parsed: the overrides of
                // a method some header declares virtual.)
                if of_type.is_empty() {
                    let overrides = self.overrides(defs, true);
                    if !overrides.is_empty() {
                        return overrides;
                    }
                }
            }
        }
        let ambiguous = self.ambiguous.contains(&(
            crate::scan::idents::family(caller.language),
            crate::scan::idents::name_hash(site.callee.as_bytes()),
        ));
        if defs.len() > MAX_DEFINITIONS || ambiguous {
            return Vec::new();
        }
        // Python calls Python; C, C++ and CUDA call each other; Rust calls Rust.
        let caller_lang = self.files[c.file].language;
        let defs: Vec<FnRef> = defs
            .iter()
            .copied()
            .filter(|d| same_family(self.files[d.file].language, caller_lang))
            .collect();
        let defs = &defs;
        let class_of = |d: &FnRef| self.function(*d).class.as_deref();
        let pick = |keep: &dyn Fn(&FnRef) -> bool| -> Vec<FnRef> {
            defs.iter().copied().filter(|d| keep(d)).collect()
        };
        match &site.receiver {
            // (With a class, decided above.) A trait's default method calling `self.f()`:
            // the implementations of `f`.
            Receiver::SelfRef => self.trait_impls(defs, caller),
            Receiver::Module(module) => {
                let in_module =
                    pick(&|d| class_of(d).is_none() && self.files[d.file].stem == *module);
                if in_module.is_empty() {
                    // `pkg.f()`: a package re-exporting its module's `f`, not another
                    // module's function.
                    pick(&|d| {
                        class_of(d).is_none()
                            && crate::scan::idents::module_names(&self.files[d.file].path)
                                .contains(module)
                            && self.imports(caller, *d)
                    })
                } else {
                    in_module
                }
            }
            Receiver::Name(name) => {
                let in_scope = pick(&|d| {
                    class_of(d) == Some(name.as_str())
                        || self.function(*d).namespace.as_deref() == Some(name.as_str())
                });
                if !in_scope.is_empty() {
                    return in_scope;
                }
                // `region.f()`: a name spelled like a class in snake case (`Region`) holds
                // one, by the convention `self.params_manager` follows (below).
                // In C++, a member spelled like its class (`uploader_` holds an `Uploader`):
                // the caller's class declares it in a header the caller need not name.
                let spelled = match caller.language {
                    Language::Python => Some(name.as_str()),
                    Language::Rust => None,
                    _ => Some(member_stem(name)),
                };
                let named = spelled.map_or(Vec::new(), |n| {
                    pick(&|d| {
                        class_of(d).is_some_and(|c| crate::model::snake_case(c) == n)
                            && (caller.language == Language::Python
                                || self.method_visible(caller, *d))
                    })
                });
                if !named.is_empty() {
                    return named;
                }
                // (C++ `ns::f()` names its scope: `::std::vector<T>(n)` is not the one
                // class `vector` of some example, however the file mentions it.)
                if !matches!(caller.language, Language::Python | Language::Rust) {
                    return Vec::new();
                }
                // (`actor.score(..)` is a method, whatever free function shares its name.)
                let methods: Vec<FnRef> = pick(&|d| class_of(d).is_some());
                let unique = self.unique_class(&methods, caller);
                if !unique.is_empty() {
                    return unique;
                }
                let family = self.one_family(defs, caller);
                if family.is_empty() {
                    self.trait_impls(defs, caller)
                } else {
                    family
                }
            }
            Receiver::None => {
                let is_c = caller.language != Language::Python;
                if is_c && let Some(cls) = caller_class {
                    let members = pick(&|d| class_of(d) == Some(cls));
                    if !members.is_empty() {
                        return members;
                    }
                }
                let free = pick(&|d| class_of(d).is_none() && self.imports(caller, *d));
                // (A file parsed in parts has several entries of one path.)
                let local: Vec<FnRef> = free
                    .iter()
                    .copied()
                    .filter(|d| self.files[d.file].path == caller.path)
                    .collect();
                if local.is_empty() { free } else { local }
            }
            Receiver::Expr => {
                // `ctx.params_manager.f()`: the class whose snake-case name is the
                // attribute (`ParamsManager`), by Python's naming convention.
                let typed = site.receiver_attr.as_deref().map_or(Vec::new(), |attr| {
                    let python = caller.language == Language::Python;
                    let attr = if python { attr } else { member_stem(attr) };
                    pick(&|d| {
                        class_of(d).is_some_and(|c| crate::model::snake_case(c) == attr)
                            && (python || self.method_visible(caller, *d))
                    })
                });
                if !typed.is_empty() {
                    return typed;
                }
                let unique = self.unique_class(defs, caller);
                if !unique.is_empty() {
                    return unique;
                }
                match caller.language {
                    Language::Python => self.one_family(defs, caller),
                    Language::Rust => self.trait_impls(defs, caller),
                    _ => self.overrides(defs, false),
                }
            }
            Receiver::New => Vec::new(),
        }
    }

    /// The methods among `defs` of the classes that the receiver of call `c` is bound to:
    /// for `name.f()`, bindings of `name` in the caller's file or in the module it imports
    /// `name` from; for `a.b.name.f()`, attribute bindings `x.name = Class(..)` anywhere.
    fn by_binding(&self, c: CallRef, defs: &[FnRef]) -> Vec<FnRef> {
        let site = self.call(c);
        let caller = &self.files[c.file];
        if caller.language != Language::Python {
            return Vec::new();
        }
        let (name, attr) = match (&site.receiver, site.receiver_attr.as_deref()) {
            // (`from m import ctx` makes `ctx` look like a module.)
            (Receiver::Name(n) | Receiver::Module(n), _) => (n.as_str(), false),
            (Receiver::Expr, Some(a)) => (a, true),
            _ => return Vec::new(),
        };
        // `agent.act(obs)` in `collect(env, agent)`: what the callers hand over.
        let handed: Vec<Binding> = if attr {
            Vec::new()
        } else {
            let at = FnRef {
                file: c.file,
                func: site.function,
            };
            self.param_classes
                .get(&at)
                .into_iter()
                .flatten()
                .filter(|(p, _)| p == name)
                .map(|(_, class)| Binding {
                    file: c.file,
                    class: class.clone(),
                    attr: false,
                    subtypes: false,
                })
                .collect()
        };
        let all = match self.bindings.get(name) {
            _ if !handed.is_empty() => &handed,
            Some(all) => all,
            None => return Vec::new(),
        };
        let visible = |b: &&Binding| {
            if attr {
                return b.attr;
            }
            if b.attr {
                return false;
            }
            if self.files[b.file].path == caller.path {
                return true;
            }
            caller
                .model
                .imported
                .iter()
                .any(|(n, module)| n == name && module_file(&self.files[b.file].path, module))
        };
        let mut classes: Vec<(&str, bool)> = all
            .iter()
            .filter(visible)
            .map(|b| (b.class.as_str(), b.subtypes))
            .collect();
        classes.sort_unstable();
        classes.dedup();
        if classes.is_empty() || classes.len() > MAX_DEFINITIONS {
            return Vec::new();
        }
        // Each class's own method, else the nearest base's (an override hides the
        // base's); an annotated parameter may hold a subclass: its overrides too.
        let of = |k: &str| self.methods_of(defs, caller, |c| c == k);
        let mut found: Vec<FnRef> = Vec::new();
        for &(k, subtypes) in &classes {
            let mut line = vec![k.to_string()];
            line.extend(self.ancestors(k, caller));
            if let Some(own) = line.iter().map(|a| of(a)).find(|v| !v.is_empty()) {
                found.extend(own);
            }
            if subtypes {
                for sub in self.descendants(k) {
                    found.extend(of(sub));
                }
            }
        }
        found.sort_unstable_by_key(|d| (d.file, d.func));
        found.dedup();
        found
    }

    /// Can `caller` see the free function `def`: in its own file, in a file whose module
    /// or package (Python), header or folder (C family) an import statement of `caller`
    /// names, or by name (a Python `from .. import f`, a C prototype). (Rust's modules are
    /// left open.)
    fn imports(&self, caller: &IndexedFile, def: FnRef) -> bool {
        let file = &self.files[def.file];
        let name = &self.function(def).name;
        caller.language == Language::Rust
            || file.path == caller.path
            || if caller.language == Language::Python {
                caller.idents.imports_free(&file.path, name)
            } else {
                caller.idents.declares(name)
                    || self.includes_module_of(caller, &file.path)
                    || self
                        .declared
                        .get(&crate::scan::idents::name_hash(name.as_bytes()))
                        .is_some_and(|stems| stems.iter().any(|s| caller.idents.imports(s)))
            }
    }

    /// The methods among `defs`, in `caller`'s language family, of a class `is_class`
    /// accepts.
    fn methods_of(
        &self,
        defs: &[FnRef],
        caller: &IndexedFile,
        is_class: impl Fn(&str) -> bool,
    ) -> Vec<FnRef> {
        defs.iter()
            .copied()
            .filter(|d| {
                same_family(self.files[d.file].language, caller.language)
                    && self.function(*d).class.as_deref().is_some_and(&is_class)
            })
            .collect()
    }

    /// Does the C-family `caller` include the header of `path` (`tracer.hpp` for
    /// `tracer.cu`), or its folder, or a header that includes it (one level)?
    fn includes_module_of(&self, caller: &IndexedFile, path: &str) -> bool {
        crate::scan::idents::module_names(path).iter().any(|m| {
            caller.idents.imports(m)
                || self
                    .included_by
                    .get(m.as_str())
                    .is_some_and(|by| by.iter().any(|h| caller.idents.imports(h)))
        })
    }

    /// Can the C-family `caller` see method `def`: it names the class, includes the
    /// header of the file that defines the method, or includes a header that declares a
    /// method of that name (the class's declaration)?
    fn method_visible(&self, caller: &IndexedFile, def: FnRef) -> bool {
        let f = self.function(def);
        f.class
            .as_deref()
            .is_some_and(|k| caller.idents.mentions(k))
            || self.includes_module_of(caller, &self.files[def.file].path)
            || self
                .declared
                .get(&crate::scan::idents::name_hash(f.name.as_bytes()))
                .is_some_and(|stems| stems.iter().any(|s| caller.idents.imports(s)))
    }

    /// The base classes of `class` (as seen from `file` first, then any file), up to four
    /// levels, by name.
    fn ancestors(&self, class: &str, file: &IndexedFile) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut todo = vec![class.to_string()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for c in &todo {
                let mut bases: Vec<&String> = file
                    .model
                    .classes
                    .iter()
                    .filter(|k| k.name == *c)
                    .flat_map(|k| &k.bases)
                    .collect();
                if bases.is_empty() {
                    bases = self.classes.get(c.as_str()).into_iter().flatten().collect();
                }
                for b in bases {
                    if !out.contains(b) && b != class {
                        out.push(b.clone());
                        next.push(b.clone());
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            todo = next;
        }
        out
    }

    /// The classes derived from `class` in the run, at any depth (up to four levels).
    pub fn descendants(&self, class: &str) -> FxHashSet<&str> {
        let mut out: FxHashSet<&str> = FxHashSet::default();
        let mut todo = vec![class];
        for _ in 0..4 {
            let mut next = Vec::new();
            for c in todo {
                for sub in self.subclasses.get(c).into_iter().flatten() {
                    if sub != class && out.insert(sub.as_str()) {
                        next.push(sub.as_str());
                    }
                }
            }
            if next.is_empty() || out.len() > MAX_OVERRIDES {
                break;
            }
            todo = next;
        }
        out
    }

    /// `ptr->f()` on a pointer to an interface: when every definition of `f` is a C++
    /// virtual method (`virtual`, `override`, `final`) of classes sharing a base class,
    /// the call runs one of them: each is followed (up to `MAX_OVERRIDES`). With
    /// `declared_virtual` (a pointer declared with a class type), a definition outside its
    /// class body counts as virtual when some header declares its name so.
    fn overrides(&self, defs: &[FnRef], declared_virtual: bool) -> Vec<FnRef> {
        if defs.len() > MAX_OVERRIDES
            || !defs.iter().all(|d| {
                let f = self.function(*d);
                let virtual_name = declared_virtual
                    && self
                        .virtuals
                        .contains(&crate::scan::idents::name_hash(f.name.as_bytes()));
                (f.dispatched || virtual_name)
                    && f.class.is_some()
                    && self.files[d.file].language != Language::Python
            })
        {
            return Vec::new();
        }
        let mut common: Option<FxHashSet<String>> = None;
        for d in defs {
            let Some(class) = self.function(*d).class.as_deref() else {
                return Vec::new();
            };
            let lineage: FxHashSet<String> = self
                .ancestors(class, &self.files[d.file])
                .into_iter()
                .chain(std::iter::once(class.to_string()))
                .collect();
            common = Some(match common {
                None => lineage,
                Some(c) => c.intersection(&lineage).cloned().collect(),
            });
        }
        if common.is_some_and(|c| !c.is_empty()) {
            defs.to_vec()
        } else {
            Vec::new()
        }
    }

    /// Rust: `x.lend()` in a file that names a trait (`use crate::lend::Lend`, its own
    /// definition, a bound `T: Lend`) runs the trait's `lend` in any type that implements
    /// it: a trait's method is called only where the trait is in scope, and without types
    /// each implementation is followed (up to `MAX_OVERRIDES`). Another type's inherent
    /// `lend` is not: a file naming no trait that defines one calls none of them.
    fn trait_impls(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
        if caller.language != Language::Rust {
            return Vec::new();
        }
        let found: Vec<FnRef> = defs
            .iter()
            .copied()
            .filter(|d| {
                let f = self.function(*d);
                f.dispatched
                    && self.files[d.file].language == Language::Rust
                    && f.namespace
                        .as_deref()
                        .is_some_and(|t| caller.idents.mentions(t))
            })
            .collect();
        if found.len() > MAX_OVERRIDES {
            Vec::new()
        } else {
            found
        }
    }

    /// Python `op.open(ctx)` on an object of no known class, where every `open` of the
    /// run is a method of one class family, whose root (which the caller names) defines
    /// it: the root's method and each override (a call through the base, as a
    /// Volcano-style executor makes on each operator). At most `MAX_OVERRIDES` of them.
    fn one_family(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
        if caller.language != Language::Python || defs.len() < 2 || defs.len() > MAX_OVERRIDES {
            return Vec::new();
        }
        let classes: Vec<&str> = defs
            .iter()
            .filter_map(|d| self.function(*d).class.as_deref())
            .collect();
        if classes.len() != defs.len() {
            return Vec::new();
        }
        let root = classes.iter().find(|&&root| {
            classes
                .iter()
                .all(|&k| k == root || self.ancestors(k, caller).iter().any(|a| a == root))
        });
        match root {
            Some(root) if caller.idents.mentions(root) => defs.to_vec(),
            _ => Vec::new(),
        }
    }

    /// Methods of one class only: an unknown receiver is followed when no other class
    /// defines a method of the same name and the caller's file mentions the class (an
    /// object of it can be there: `x.cpu()` in a file that never names the one class
    /// defining `cpu` calls some library's `cpu`).
    fn unique_class(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
        let mut classes = defs.iter().map(|d| self.function(*d).class.as_deref());
        match classes.next() {
            Some(Some(first))
                if classes.all(|c| c == Some(first)) && caller.idents.mentions(first) =>
            {
                defs.to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Every call site that may reach `target`.
    pub fn callers(&self, target: FnRef) -> Vec<CallRef> {
        let f = self.function(target);
        // A constructor is called by its class's name.
        let mut names = vec![f.name.as_str()];
        if let Some(class) = f.class.as_deref()
            && (f.name == "__init__" || f.name == class)
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
            .filter(|c| self.resolve(*c).contains(&target))
            .collect();
        found.extend(
            self.handed_callers
                .get(&target)
                .into_iter()
                .flatten()
                .copied(),
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
