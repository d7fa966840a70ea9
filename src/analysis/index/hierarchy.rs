//! What a caller can see and which classes a name stands for: imports, class hierarchies,
//! overrides and trait implementations, used by name resolution.

use super::*;

impl ProjectIndex {
    /// Can `caller` see the free function `def`: in its own file, in a file whose module
    /// or package (Python), header or folder (C family) an import statement of `caller`
    /// names, or by name (a Python `from .. import f`, a C prototype). (Rust's modules are
    /// left open.)
    pub(super) fn imports(&self, caller: &IndexedFile, def: FnRef) -> bool {
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
    pub(super) fn methods_of(
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
    /// `tracer.cu`), or its folder, or a header that includes it (a few levels deep,
    /// `ProjectIndex::included_by`)?
    pub(super) fn includes_module_of(&self, caller: &IndexedFile, path: &str) -> bool {
        use crate::scan::includes::{key_of, key_stem};
        let names = crate::scan::idents::module_names(path);
        names.iter().any(|m| caller.idents.imports(m))
            || key_of(&names).is_some_and(|key| {
                // (A header no include names by its folder: any of its stem's includers.)
                self.included_by
                    .get(key.as_str())
                    .or_else(|| self.included_by.get(key_stem(&key)))
                    .is_some_and(|by| by.iter().any(|h| caller.idents.imports(key_stem(h))))
            })
    }

    /// Can the C-family `caller` see method `def`: it names the class, includes the
    /// header of the file that defines the method, or includes a header that declares a
    /// method of that name (the class's declaration)?
    pub(super) fn method_visible(&self, caller: &IndexedFile, def: FnRef) -> bool {
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
    pub(super) fn ancestors(&self, class: &str, file: &IndexedFile) -> Vec<String> {
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
    pub(super) fn overrides(&self, defs: &[FnRef], declared_virtual: bool) -> Vec<FnRef> {
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
    pub(super) fn trait_impls(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
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
    pub(super) fn one_family(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
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

    /// Methods of the classes one registry or factory makes (`ENGINES = {"cupy":
    /// CupyEngine, "numba": NumbaEngine}`, `make_engine` returning `ENGINES[name](..)`): an
    /// unknown receiver (`STATE["engine"].search(q)`) in a file that names that registry or
    /// factory is one of its objects, whichever the configuration picks, when those
    /// classes, and no others, define the method.
    pub(super) fn one_registry(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
        // (A call on an object is a method's, whatever free functions share the name: a
        // route handler `def search()` beside the engines' `search`.)
        let methods: Vec<FnRef> = defs
            .iter()
            .copied()
            .filter(|d| self.function(*d).class.is_some())
            .collect();
        if caller.language != Language::Python || methods.len() < 2 || methods.len() > MAX_OVERRIDES
        {
            return Vec::new();
        }
        let classes: Vec<&str> = methods
            .iter()
            .filter_map(|d| self.function(*d).class.as_deref())
            .collect();
        let made = self.makers.iter().any(|(maker, made)| {
            classes.iter().all(|c| made.iter().any(|m| m == c)) && caller.idents.mentions(maker)
        });
        if made { methods } else { Vec::new() }
    }

    /// Methods of one class only: an unknown receiver is followed when no other class
    /// defines a method of the same name and the caller's file mentions the class (an
    /// object of it can be there: `x.cpu()` in a file that never names the one class
    /// defining `cpu` calls some library's `cpu`).
    pub(super) fn unique_class(&self, defs: &[FnRef], caller: &IndexedFile) -> Vec<FnRef> {
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
}
