//! Name resolution: the functions a call site may reach, narrowed by what the caller's code
//! says (its receiver, its imports, the bindings of its names).

use super::*;

impl ProjectIndex {
    /// The functions a call may reach, narrowed where the code makes it certain:
    /// `self.f()` → the caller's class; `mod.f()` → top-level `f` in a file named `mod`;
    /// `Name::f()` / `Name.f()` → `f` in class or namespace `Name`; `f()` → a top-level `f`
    /// (the caller's own file first; in C++ also the caller's class); `obj.f()` → `f` when
    /// one class alone defines it. Empty when ambiguous.
    pub fn resolve(&self, c: CallRef) -> Vec<FnRef> {
        match self.resolved.get(c.file).and_then(|f| f.get(c.call)) {
            Some(memo) => memo.get_or_init(|| self.resolve_once(c)).clone(),
            None => self.resolve_once(c),
        }
    }

    fn resolve_once(&self, c: CallRef) -> Vec<FnRef> {
        let mut found = self.resolve_direct(c);
        if found.is_empty() {
            found = self.resolve_exported(c);
        }
        if let Some(handed) = self.handed.get(&(c.file, c.call)) {
            found.extend(handed.iter().copied());
        }
        // (An attribute read runs a getter, not a method of the name: `st.staging`.)
        if self.call(c).property_read {
            found.retain(|d| self.is_property(*d));
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

    /// Is `f` a Python `@property` getter?
    fn is_property(&self, f: FnRef) -> bool {
        self.files[f.file]
            .model
            .decorated
            .iter()
            .any(|(d, name)| *d == f.func && name == "property")
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
    pub(super) fn resolve_exported(&self, c: CallRef) -> Vec<FnRef> {
        let site = self.call(c);
        let caller = &self.files[c.file];
        // Rust: a function its file (or a module of the crate: `ffi::f(..)`, or `f(..)`
        // after `use crate::ffi::f` when no Rust code defines `f`) declares in an `extern`
        // block, by its C name.
        if caller.language == Language::Rust {
            let declared = match &site.receiver {
                Receiver::None => {
                    caller.model.foreign_functions.contains(&site.callee)
                        || (self.foreign.contains(&site.callee)
                            && !self.definitions.get(&site.callee).is_some_and(|d| {
                                d.iter()
                                    .any(|f| self.files[f.file].language == Language::Rust)
                            }))
                }
                Receiver::Module(_) => self.foreign.contains(&site.callee),
                _ => false,
            };
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
        // (A bound method, `py::class_<T>(..).def("load", &T::load)`, is called on an
        // object: `np.load(..)` on an imported module is not it.)
        if matches!(site.receiver, Receiver::Module(_)) {
            return bound
                .iter()
                .copied()
                .filter(|b| self.function(*b).class.is_none())
                .collect();
        }
        bound.clone()
    }

    /// `resolve` by names and receivers alone.
    pub(super) fn resolve_direct(&self, c: CallRef) -> Vec<FnRef> {
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
            // (`s = enh.chunk(b); s.f()`, `with enh.chunk(b) as s:`: what the function
            // that call reaches returns.)
            let returned = self.returned_by_binding_call(c, name);
            let of_class = self.methods_of(defs, caller, |k| {
                k == name
                    || made.is_some_and(|m| m.iter().any(|c| c == k))
                    || returned.iter().any(|c| c == k)
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
            let family = crate::scan::idents::family(caller.language);
            let classes: Vec<&str> = on
                .and_then(|n| self.typed.get(n))
                .into_iter()
                .flatten()
                .filter(|(f, _)| *f == family)
                .map(|(_, c)| &**c)
                .collect();
            if !classes.is_empty() {
                // (A pointer to a base class, `Element* el`: its overrides run too.)
                let derived: FxHashSet<&str> =
                    classes.iter().flat_map(|c| self.descendants(c)).collect();
                let of_type = self.methods_of(defs, caller, |k| {
                    classes.contains(&k) || derived.contains(k)
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
        let caller_lang = self.files[c.file].language;
        // (Only the caller's family counts: a C++ `LayerCache::step` makes no Python
        // `data.step(..)` ambiguous, however many files `--whole-files` parses.)
        let in_family = defs
            .iter()
            .filter(|d| same_family(self.files[d.file].language, caller_lang))
            .count();
        if in_family > MAX_DEFINITIONS || ambiguous {
            // `CoverageModel::new(..)`: the method of the class the call names, however
            // many classes define one (`new` in every Rust type).
            let of_class: Vec<FnRef> = match &site.receiver {
                Receiver::Name(name) => defs
                    .iter()
                    .copied()
                    .filter(|d| {
                        same_family(self.files[d.file].language, caller_lang)
                            && self.function(*d).class.as_deref() == Some(name.as_str())
                    })
                    .collect(),
                _ => Vec::new(),
            };
            return if of_class.len() <= MAX_DEFINITIONS {
                of_class
            } else {
                Vec::new()
            };
        }
        // Python calls Python; C, C++ and CUDA call each other; Rust calls Rust.
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
                // (A read of a getter one class of the run defines, `fv.pinned` in `for fv
                // in src.frames()`: that getter, though the caller need not name its class.)
                if site.property_read {
                    let getters: Vec<FnRef> = methods
                        .iter()
                        .copied()
                        .filter(|d| self.is_property(*d))
                        .collect();
                    if !getters.is_empty()
                        && getters
                            .iter()
                            .all(|d| class_of(d) == getters.first().and_then(class_of))
                    {
                        return getters;
                    }
                }
                let unique = self.unique_class(&methods, caller);
                if !unique.is_empty() {
                    return unique;
                }
                let mut family = self.one_family(defs, caller);
                if family.is_empty() {
                    family = self.one_registry(defs, caller);
                }
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
                // (An attribute called as a function, `self.net(x)` or `self.ctc(..)`, whose
                // objects are not known is any callable: a library module's, a function; not
                // the one project class with a `__call__`.)
                if caller.language == Language::Python && site.callee == "__call__" {
                    return Vec::new();
                }
                // (Python: `STATE["planner"].plan(req)` is a method, whatever free
                // function shares its name; the route handler `plan` calling it, say.)
                let methods: Vec<FnRef>;
                let defs = if caller.language == Language::Python {
                    methods = pick(&|d| class_of(d).is_some());
                    &methods[..]
                } else {
                    defs
                };
                let unique = self.unique_class(defs, caller);
                if !unique.is_empty() {
                    return unique;
                }
                match caller.language {
                    Language::Python => {
                        let family = self.one_family(defs, caller);
                        if family.is_empty() {
                            self.one_registry(defs, caller)
                        } else {
                            family
                        }
                    }
                    Language::Rust => self.trait_impls(defs, caller),
                    _ => self.overrides(defs, false),
                }
            }
            Receiver::New => Vec::new(),
        }
    }

    /// The classes returned (`FileModel::returns`) by the functions reached by the latest
    /// call before `c` in its function whose value is bound to the local `name` (Python):
    /// `s = enh.chunk(b)` makes `s` what `Enhancer.chunk` returns, `ChunkScope(..)`.
    fn returned_by_binding_call(&self, c: CallRef, name: &str) -> Vec<String> {
        let site = self.call(c);
        let file = &self.files[c.file];
        if file.language != Language::Python {
            return Vec::new();
        }
        let Some(bound) = file
            .model
            .calls
            .iter()
            .enumerate()
            .filter(|&(i, b)| {
                // (A `with` item's `__enter__` sits on the call that makes its object, and
                // comes after it: strictly earlier by (start, index), so a chain of such
                // bindings always ends.)
                (b.span.start, i) < (site.span.start, c.call)
                    && b.function == site.function
                    && b.result.as_deref() == Some(name)
            })
            .max_by_key(|&(i, b)| (b.span.start, i))
            .map(|(i, _)| CallRef {
                file: c.file,
                call: i,
            })
        else {
            return Vec::new();
        };
        let mut out: Vec<String> = Vec::new();
        for t in self.resolve_direct(bound) {
            for (f, made) in &self.files[t.file].model.returns {
                if *f == t.func && !out.contains(made) {
                    out.push(made.clone());
                }
            }
        }
        out
    }

    /// The methods among `defs` of the classes that the receiver of call `c` is bound to:
    /// for `name.f()`, bindings of `name` in the caller's file or in the module it imports
    /// `name` from; for `a.b.name.f()`, attribute bindings `x.name = Class(..)` anywhere.
    pub(super) fn by_binding(&self, c: CallRef, defs: &[FnRef]) -> Vec<FnRef> {
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
            // (`h.on_batch(x)` in `for h in hooks` over a parameter: what the callers'
            // containers hold, `classify(build_hooks(..), ..)`.)
            let element = caller
                .model
                .loops
                .iter()
                .filter(|l| l.function == site.function)
                .find_map(|l| l.element.as_ref().filter(|(var, _)| var == name))
                .map(|(_, collection)| crate::model::element_key(collection));
            self.param_classes
                .get(&at)
                .into_iter()
                .flatten()
                .filter(|(p, _)| p == name || element.as_ref() == Some(p))
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
        // (Given up as soon as too many classes show: `self.model` is bound in hundreds of
        // files of a monorepo.)
        let mut classes: Vec<(&str, bool)> = Vec::new();
        for b in all.iter().filter(visible) {
            let class = (b.class.as_str(), b.subtypes);
            if !classes.contains(&class) {
                if classes.len() == MAX_DEFINITIONS {
                    return Vec::new();
                }
                classes.push(class);
            }
        }
        classes.sort_unstable();
        if classes.is_empty() {
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
}
