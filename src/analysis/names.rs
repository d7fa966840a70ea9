//! Chain names: functions that pin (or call a function that does), with what a file
//! that calls them must mention. A file that mentions one may hold the loop at the top of
//! a call chain.
//!
//! Names are collected while the first pass runs, in the order found, so a file read after
//! a name was known is checked for it then; only files read before need a second look, and
//! only for the newer names. A name's "generation" is its position in that order.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use rustc_hash::{FxHashMap, FxHashSet};

use super::chains::MAX_EDGES;
use super::index::{MAX_DEFINITIONS, MAX_OVERRIDES};
use crate::model::{FileModel, FunctionKind, Language, Receiver, snake_case};
use crate::scan::idents::{
    Definitions, FAMILIES, Idents, any_ident, called_on, family, hash, import_hash, key,
    member_call_at, module_names, name_hash, prototype_hash, python_reach,
};
use crate::scan::prefilter::Prefilter;

/// A chain name as one function defines it, and what a file that calls it must mention
/// (one of; none: any file can). A method is reached only from code that can see its
/// class (`self.f()` in the class, `C.f()`, a call on an object of a type named there); a
/// function in another file only through an import of its module or package (Python), or
/// an `#include` of its header (C family: `foo.h` declares what `foo.cu` defines) or of
/// its folder. Rust's modules are left open.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainName {
    pub name: String,
    pub reach: Vec<String>,
    /// `reach` names a module (or header, or folder): it counts only where an import
    /// statement names it (`from .ops import copy`, `#include "ops/copy.h"`), not wherever
    /// the word appears (a variable `ops`, another project's `ops` package).
    pub imported: bool,
    /// A Python module's function or class: the path of its file. A call reaches it where
    /// an import names it or its module, or when it is written `ops.f(` (`python_reach`).
    pub free: Option<String>,
    /// A file that declares it (a C prototype) can call it too.
    pub prototype: bool,
    /// A Python method's class: code reaches it also through names bound to an object
    /// of the class (`bind_reach`).
    pub class: Option<String>,
    /// Looked for only as a member call on any object (`x->f(`, `x.f(`): a C++ virtual
    /// method (see `all_of`).
    pub member_call: bool,
    /// A Python method's class's bases as its file names them: `self.f()` in one of them
    /// may dispatch to this override (see `dispatched`).
    pub bases: Vec<String>,
    /// Looked for only as a method called on one of these names (`g_ctx.f(`,
    /// `self.cache.f(`): names bound to an object of the method's class.
    pub via: Vec<String>,
}

impl ChainName {
    /// The chain name of function `f` of a file at `path` in `lang`.
    pub fn of(f: &crate::model::Function, path: &str, lang: Language) -> ChainName {
        let constructor = f.class.as_ref().is_some_and(|c| *c == f.name);
        let reach = match &f.class {
            // A constructor is called by its class's name, where its module is imported
            // or its header included.
            Some(_) if constructor && lang != Language::Rust => module_names(path),
            // Python code also reaches a method through an attribute named after the
            // class (`ctx.params_manager.f()` for `ParamsManager.f`).
            Some(class) if lang == Language::Python => vec![class.clone(), snake_case(class)],
            // A Rust trait's method, also where the trait is named (`use crate::lend::Lend`):
            // `x.lend()` on a value of a type the file need not name.
            Some(class) if lang == Language::Rust && f.dispatched => std::iter::once(class)
                .chain(&f.namespace)
                .cloned()
                .collect(),
            Some(class) => vec![class.clone()],
            None if lang == Language::Rust => Vec::new(),
            None => module_names(path),
        };
        // A Python module's function or class is called where an import names it or its
        // module (`python_reach`), not wherever its module's words appear.
        let free = (lang == Language::Python && (constructor || f.class.is_none()))
            .then(|| path.to_string());
        let reach = if free.is_some() { Vec::new() } else { reach };
        ChainName {
            name: f.name.clone(),
            imported: lang != Language::Rust && (constructor || f.class.is_none()),
            free,
            prototype: f.class.is_none() && !matches!(lang, Language::Python | Language::Rust),
            reach,
            class: f
                .class
                .clone()
                .filter(|_| lang == Language::Python && !constructor),
            bases: Vec::new(),
            member_call: false,
            via: Vec::new(),
        }
    }

    /// Can a call in the file at `path` (with identifiers `idents`), made on `receiver`,
    /// reach this definition, by the rule the lazy parse looks for it with? (A C-family
    /// module's function is left to the index: its own file need not include its header.)
    pub fn callable_from(
        &self,
        idents: &Idents,
        path: &str,
        call: &crate::model::CallSite,
    ) -> bool {
        let receiver = &call.receiver;
        // Looked for only as a method called on given names (`g_ctx.f(`, `a.experts.f(`,
        // `self.f(`): the call must be made on one.
        if !self.via.is_empty() {
            let on = match receiver {
                Receiver::SelfRef => Some(SELF),
                Receiver::Name(n) | Receiver::Module(n) => Some(n.as_str()),
                Receiver::Expr => call.receiver_attr.as_deref(),
                _ => None,
            };
            if !on.is_some_and(|on| self.via.iter().any(|v| v == on)) {
                return false;
            }
        }
        let Some(def) = &self.free else {
            // A method: where its class is named.
            return self.imported
                || self.reach.is_empty()
                || self.reach.iter().any(|w| idents.mentions(w));
        };
        def == path
            || idents.imports_free(def, &self.name)
            || match receiver {
                Receiver::Module(m) | Receiver::Name(m) => module_names(def).contains(m),
                _ => false,
            }
    }

    /// The ways function `f` of `model` (a file at `path`) is looked for: its chain name,
    /// and for a C++ virtual method also as a member call on any object (`x->f(`,
    /// `x.f(`): its callers hold a pointer to a base class, which they need not name.
    pub fn all_of(
        f: &crate::model::Function,
        path: &str,
        lang: Language,
        model: &FileModel,
    ) -> Vec<ChainName> {
        let chain = ChainName::of(f, path, lang).with_bases(model);
        if lang != Language::Python && lang != Language::Rust && f.dispatched && f.class.is_some() {
            let member = ChainName {
                reach: Vec::new(),
                imported: false,
                prototype: false,
                member_call: true,
                ..chain.clone()
            };
            vec![chain, member]
        } else {
            vec![chain]
        }
    }

    /// With its class's bases (`bases`), for a Python method of `model`.
    pub fn with_bases(mut self, model: &FileModel) -> ChainName {
        if let Some(class) = &self.class {
            self.bases = model
                .classes
                .iter()
                .filter(|c| &c.name == class)
                .flat_map(|c| c.bases.iter().cloned())
                .collect();
            self.bases.sort_unstable();
            self.bases.dedup();
        }
        self
    }

    /// The same method, looked for only as `self.f(` in files that name one of its class's
    /// bases defined in the run (`known`): a base class calling a hook its subclasses
    /// override. None when no base is defined in the run.
    pub fn dispatched(self, known: &FxHashMap<u64, usize>) -> Option<ChainName> {
        let reach: Vec<String> = self
            .bases
            .iter()
            .filter(|b| known.contains_key(&name_hash(b.as_bytes())))
            .cloned()
            .collect();
        (!reach.is_empty()).then(|| ChainName {
            reach,
            imported: false,
            free: None,
            via: vec![SELF.to_string()],
            ..self
        })
    }

    /// Looked for only as a call on given names (`self.f(`, `g_ctx.f(`): kept when the
    /// name is too ambiguous otherwise.
    fn is_narrow(&self) -> bool {
        !self.via.is_empty()
    }

    /// A class's own name, where code names the type to run its method: a Python
    /// constructor call, a C++ container naming its allocator.
    fn type_name(class: &str, reach: Vec<String>, free: Option<String>) -> ChainName {
        ChainName {
            name: class.to_string(),
            reach,
            imported: true,
            free,
            prototype: false,
            class: None,
            bases: Vec::new(),
            member_call: false,
            via: Vec::new(),
        }
    }

    /// A name any file may call.
    pub fn anywhere(name: &str) -> ChainName {
        ChainName {
            name: name.to_string(),
            reach: Vec::new(),
            imported: false,
            free: None,
            prototype: false,
            class: None,
            bases: Vec::new(),
            member_call: false,
            via: Vec::new(),
        }
    }
}

/// `python_reach`'s pair hashes and qualifier hashes, kept.
type FreeReach = (Box<[u32]>, Box<[u32]>);

/// One way a key is looked for: a generation, and what a calling file must also mention
/// (see `ChainName::reach`).
#[derive(Clone, Debug)]
struct Entry {
    generation: u32,
    /// Hashes of the identifiers a calling file must mention one of (none: any file).
    reach: Box<[u32]>,
    name: Box<str>,
    /// Hashes of `ChainName::via`.
    via: Box<[u32]>,
    /// For `ChainName::free`: `python_reach`'s pairs and qualifiers.
    free: Option<FreeReach>,
    /// `ChainName::is_narrow`.
    narrow: bool,
    /// `ChainName::member_call`.
    member_call: bool,
}

impl Entry {
    /// What `NameSet::matches_at` asks of a calling file, on its identifiers alone: one of
    /// the words its reach needs (for a Python function, an import pair or a qualifier
    /// `ops.`), and one of the names it must be called on.
    fn may_reach(&self, file: &Idents) -> bool {
        let any = |hashes: &[u32]| hashes.iter().any(|&h| file.has(h));
        (match &self.free {
            None => self.reach.is_empty() || any(&self.reach),
            Some((pairs, qualifiers)) => any(pairs) || any(qualifiers),
        }) && (self.via.is_empty() || any(&self.via))
    }
}

/// Chain names in the order found (each `ChainName`, a name with its reach, is a
/// generation); a name is matched by its key (see `key`).
#[derive(Clone, Debug, Default)]
pub struct NameSet {
    /// Each chain name and its generation.
    entries: FxHashMap<ChainName, u32>,
    /// Each name and its first generation.
    names: FxHashMap<Box<str>, u32>,
    /// How each key is looked for (retired names removed).
    keys: FxHashMap<Box<[u8]>, Vec<Entry>>,
    /// Each key's hash, and the keys with that hash.
    hashes: FxHashMap<u32, Vec<Box<[u8]>>>,
    /// Names no longer looked for, and never added again.
    retired: FxHashSet<Box<str>>,
    /// Each name's `name_hash`, to retire it by.
    by_hash: FxHashMap<u64, Vec<Box<str>>>,
}

impl NameSet {
    /// Names any file may call, in order: for tests and benchmarks.
    pub fn from_names<S: AsRef<str>>(names: &[S]) -> NameSet {
        let mut set = NameSet::default();
        for n in names {
            set.push(ChainName::anywhere(n.as_ref()));
        }
        set
    }

    /// How many generations it holds, retired ones too.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Add a name as one function defines it (a new generation); false if it was there
    /// already or is retired.
    pub fn push(&mut self, chain: ChainName) -> bool {
        let retired = self.retired.contains(chain.name.as_str()) && !chain.is_narrow();
        if retired || self.entries.contains_key(&chain) {
            return false;
        }
        let generation = self.entries.len() as u32;
        let k = key(&chain.name);
        if !k.is_empty() {
            // A word that cannot be mentioned by name (a folder `kt-kernel`) is left out;
            // with none left, the name is looked for anywhere.
            let reach: Vec<&[u8]> = chain
                .reach
                .iter()
                .map(|r| key(r))
                .filter(|k| !k.is_empty())
                .collect();
            let reach = if reach.is_empty() {
                Box::default()
            } else {
                let prototype = chain.prototype.then(|| prototype_hash(k));
                let word = if chain.imported { import_hash } else { hash };
                reach.into_iter().map(word).chain(prototype).collect()
            };
            let free = chain.free.as_deref().map(|path| {
                let (pairs, qualifiers) = python_reach(path, k);
                (pairs.into(), qualifiers.into())
            });
            self.keys.entry(k.into()).or_default().push(Entry {
                generation,
                via: chain.via.iter().map(|v| hash(key(v))).collect(),
                narrow: chain.is_narrow(),
                member_call: chain.member_call,
                free,
                reach,
                name: chain.name.as_str().into(),
            });
            let same = self.hashes.entry(hash(k)).or_default();
            if !same.iter().any(|s| **s == *k) {
                same.push(k.into());
            }
        }
        if !self.names.contains_key(chain.name.as_str()) {
            self.names.insert(chain.name.as_str().into(), generation);
            let h = name_hash(chain.name.as_bytes());
            self.by_hash
                .entry(h)
                .or_default()
                .push(chain.name.as_str().into());
        }
        self.entries.insert(chain, generation);
        true
    }

    /// Retire the names with this `name_hash`; how many were looked for.
    pub fn retire_hash(&mut self, h: u64) -> usize {
        let names = self.by_hash.remove(&h).unwrap_or_default();
        names.iter().map(|n| usize::from(self.retire(n))).sum()
    }

    /// The keys of the names of generation `since` or later still looked for.
    pub fn keys_since(&self, since: usize) -> Vec<&[u8]> {
        self.keys
            .iter()
            .filter(|(_, list)| list.iter().any(|e| e.generation as usize >= since))
            .map(|(k, _)| &**k)
            .collect()
    }

    /// Stop looking for `name` (and never add it again). Generations stay as they were.
    /// Whether it was looked for.
    pub fn retire(&mut self, name: &str) -> bool {
        // Only names it holds are remembered: the many other ambiguous names of a run are
        // kept out by the caller (see `LiveNames::add`).
        let Some(generation) = self.names.remove(name) else {
            return false;
        };
        self.retired.insert(name.into());
        let key = key(name);
        let mut narrow_left = false;
        if let Some(list) = self.keys.get_mut(key) {
            // `self.f(` and `g_ctx.f(` entries stay (see `ChainName::is_narrow`).
            list.retain(|e| &*e.name != name || e.narrow);
            narrow_left = list.iter().any(|e| &*e.name == name);
            if list.is_empty() {
                self.keys.remove(key);
            }
        }
        if narrow_left {
            self.names.insert(name.into(), generation);
        }
        true
    }

    /// Is `name` one of the names of the first `upto` generations?
    pub fn contains(&self, name: &str, upto: usize) -> bool {
        self.names.get(name).is_some_and(|&g| (g as usize) < upto)
    }

    /// Is `word` (an identifier of a text of a file with identifiers `file`) the key of a
    /// name of generation `since..upto` that the file can call?
    /// (`at` is where `word` starts in `text`.)
    fn matches_at(
        &self,
        word: &[u8],
        (text, at): (&[u8], usize),
        file: &Idents,
        since: usize,
        upto: usize,
    ) -> bool {
        self.keys.get(word).is_some_and(|list| {
            list.iter().any(|e| {
                (since..upto).contains(&(e.generation as usize))
                    && match &e.free {
                        None => e.reach.is_empty() || e.reach.iter().any(|&h| file.has(h)),
                        Some((pairs, qualifiers)) => {
                            file.reaches_free((pairs, qualifiers), text, at)
                        }
                    }
                    && (e.via.is_empty() || called_on(text, at, &e.via))
                    // (A bare word, `at` 0, is a seed lookup: no call to look at.)
                    && (!e.member_call || at == 0 || member_call_at(text, at))
            })
        })
    }

    fn matches(&self, word: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        self.matches_at(word, (word, 0), file, since, upto)
    }

    /// Does `text` (of a file with identifiers `file`) mention, as a whole identifier, a
    /// name of generation `since..upto` that the file can call?
    pub fn mentioned_in(&self, text: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        if since >= upto {
            return false;
        }
        let base = text.as_ptr() as usize;
        any_ident(text, |w| {
            let at = w.as_ptr() as usize - base;
            self.matches_at(w, (text, at), file, since, upto)
        })
    }

    /// Could a file with these identifiers mention a name of generation `since` or later?
    /// (A hash may collide: a yes is confirmed on the text.)
    /// A name is counted only if the file also mentions what calling it takes (its module,
    /// class or receiver): a name defined in one project is not looked for in the text of
    /// every file of another that happens to use the same word.
    pub fn may_mention(&self, idents: &Idents, since: usize) -> bool {
        since < self.len()
            && idents.0.iter().any(|h| {
                self.hashes.get(h).is_some_and(|keys| {
                    keys.iter().any(|k| {
                        self.keys.get(k).is_some_and(|list| {
                            list.iter()
                                .any(|e| e.generation as usize >= since && e.may_reach(idents))
                        })
                    })
                })
            })
    }
}

// The lazy parse asks the run's chain names through this trait, so the front ends do
// not depend on how names are found.
impl crate::frontend::KnownNames for NameSet {
    fn contains(&self, name: &str, upto: usize) -> bool {
        NameSet::contains(self, name, upto)
    }

    fn matches(&self, word: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        NameSet::matches(self, word, file, since, upto)
    }

    fn mentioned_in(&self, text: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        NameSet::mentioned_in(self, text, file, since, upto)
    }

    fn may_mention(&self, idents: &Idents, since: usize) -> bool {
        NameSet::may_mention(self, idents, since)
    }
}

/// Definitions counted by one reading thread, added to the run's counts every
/// `DefinitionBatch::FILES` files (one lock, not one per file). The counts of a run do not
/// depend on when: every file is counted once.
#[derive(Default)]
pub struct DefinitionBatch {
    /// (family, `name_hash`) → definitions: Python's `apply`s do not make C++'s ambiguous.
    counts: FxHashMap<(usize, u64), usize>,
    /// Definitions of each Python class name (`name_hash`).
    classes: FxHashMap<u64, usize>,
    bases: Vec<(String, Vec<String>)>,
    files: usize,
}

impl DefinitionBatch {
    const FILES: usize = 64;

    /// Count a file's definitions; true when the batch is due to be added.
    pub fn add(&mut self, d: &Definitions, lang: Language) -> bool {
        let fam = family(lang);
        for f in &d.functions {
            *self.counts.entry((fam, name_hash(f))).or_insert(0) += 1;
        }
        for c in &d.classes {
            *self.classes.entry(name_hash(c)).or_insert(0) += 1;
        }
        // Bound for Python: Python code calls it by that name.
        for e in &d.exported {
            *self
                .counts
                .entry((family(Language::Python), name_hash(e)))
                .or_insert(0) += 1;
        }
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        self.bases.extend(
            d.bases
                .iter()
                .map(|(c, bs)| (text(c), bs.iter().map(|b| text(b)).collect())),
        );
        self.files += 1;
        self.files >= Self::FILES
    }
}

/// Levels of Python base classes followed for a method's callers (see `with_ancestors`).
const MAX_ANCESTRY: usize = 2;
/// A Python class name defined more often than this in the run is not followed as an
/// ancestor (see `with_ancestors`).
const MAX_CLASS_DEFINITIONS: usize = 2;

/// Up to this many names, a new snapshot is taken for every new one; beyond, when the list
/// has grown by a quarter (a stale snapshot only means a later second look).
const ALWAYS_SNAPSHOT: usize = 64;

/// The chain names as the first pass's readers see them. While there are few, a SIMD
/// literal search (Teddy, at most 64 literals, built in microseconds) tells the files that
/// cannot mention one without splitting them into identifiers; beyond, every file is split.
pub struct Snapshot {
    pub names: NameSet,
    few: Option<Prefilter>,
    /// No name is looked for (all retired, or none yet).
    none: bool,
}

impl Snapshot {
    fn of(names: &NameSet) -> Snapshot {
        let keys: Vec<&[u8]> = names.keys.keys().map(|k| &**k).collect();
        Snapshot {
            few: Prefilter::literals(&keys),
            none: keys.is_empty(),
            names: names.clone(),
        }
    }

    /// Could `text` mention one of the names? (A yes is confirmed on its identifiers.)
    pub fn may_mention_text(&self, text: &[u8]) -> bool {
        !self.none && self.few.as_ref().is_none_or(|p| p.admits(text))
    }
}

#[derive(Default)]
struct Family {
    all: NameSet,
    /// What readers see: `all` as it was (its length is its generation).
    snapshot: Option<Arc<Snapshot>>,
    /// Names retired since the snapshot was taken (it still looks for them: harmless,
    /// only slower, so it is retaken now and then, not for each).
    stale: usize,
}

/// The names found so far, shared by the threads of a pass.
#[derive(Default)]
pub struct LiveNames {
    families: [RwLock<Family>; FAMILIES],
    /// How often each function name is defined in the files read so far (all languages,
    /// as the index counts them).
    /// (Keyed by `name_hash`: no string is kept for the many names defined once.)
    definitions: Mutex<FxHashMap<(usize, u64), usize>>,
    /// Definitions of each Python class name (`name_hash`) in the files read so far.
    classes: Mutex<FxHashMap<u64, usize>>,
    /// Python classes' bases, as the files read so far write them (see
    /// `Definitions::bases`).
    bases: Mutex<FxHashMap<String, Vec<String>>>,
}

impl LiveNames {
    /// Every Python class's bases, as the files read write them, handed over once the
    /// chain passes are done (the index keeps them).
    pub fn take_class_bases(&self) -> FxHashMap<String, Vec<String>> {
        self.bases
            .lock()
            .map(|mut b| std::mem::take(&mut *b))
            .unwrap_or_default()
    }

    /// Python methods' chain names, each followed by the same name looked for as `self.f(`
    /// in the files that name an ancestor of its class, when the name is defined more than
    /// once (an override): a base class's `self._ffn()` runs the override (`Tpl.forward`,
    /// `Llama(Tpl)` and `Moe(Llama)` in three files). Ancestors are followed up to
    /// `MAX_ANCESTRY` levels, through class names defined at most `MAX_CLASS_DEFINITIONS`
    /// times (a common name says little about which class it is) with at most
    /// `MAX_OVERRIDES` subclasses.
    pub fn with_ancestors<D: Copy>(&self, names: Vec<(ChainName, D)>) -> Vec<(ChainName, D)> {
        // (Locked in the order `add` locks them.)
        let (Ok(defined), Ok(counts), Ok(bases)) = (
            self.definitions.lock(),
            self.classes.lock(),
            self.bases.lock(),
        ) else {
            return names;
        };
        // An override: a method whose name is defined more than once (a base's stub).
        let overrides = |name: &str| {
            defined
                .get(&(family(Language::Python), name_hash(name.as_bytes())))
                .is_some_and(|&n| n > 1)
        };
        let few = |c: &str| {
            counts
                .get(&name_hash(c.as_bytes()))
                .is_some_and(|&n| n <= MAX_CLASS_DEFINITIONS)
        };
        // A framework's root (`Module`, with a subclass per layer) is no template whose
        // hooks its subclasses fill in: as many as the index follows overrides, at most.
        let mut subclasses: FxHashMap<&str, usize> = FxHashMap::default();
        for b in bases.values().flatten() {
            *subclasses.entry(b.as_str()).or_insert(0) += 1;
        }
        let template = |b: &str| few(b) && subclasses.get(b).is_some_and(|&n| n <= MAX_OVERRIDES);
        let mut found: Vec<(ChainName, D, Vec<String>)> = Vec::with_capacity(names.len());
        let mut per_ancestor: FxHashMap<String, usize> = FxHashMap::default();
        for (c, d) in names {
            let Some(class) = c
                .class
                .clone()
                .filter(|k| c.via.is_empty() && few(k) && overrides(&c.name))
            else {
                found.push((c, d, Vec::new()));
                continue;
            };
            let mut ancestors: Vec<String> = Vec::new();
            let mut todo = vec![class.clone()];
            for _ in 0..MAX_ANCESTRY {
                let mut next = Vec::new();
                for k in &todo {
                    for b in bases.get(k).into_iter().flatten() {
                        if *b != class && !ancestors.contains(b) && template(b) {
                            ancestors.push(b.clone());
                            next.push(b.clone());
                        }
                    }
                }
                todo = next;
            }
            for a in &ancestors {
                *per_ancestor.entry(a.clone()).or_insert(0) += 1;
            }
            found.push((c, d, ancestors));
        }
        // A base whose subclasses override more chain methods than the index follows
        // overrides is a broad interface (`TensorDictBase`), calling itself everywhere:
        // followed no further than its subclasses' own files.
        let narrow = |a: &String| per_ancestor.get(a).is_none_or(|&n| n <= MAX_OVERRIDES);
        let mut out = Vec::with_capacity(found.len());
        for (c, d, mut ancestors) in found {
            ancestors.retain(narrow);
            if !ancestors.is_empty() {
                ancestors.sort_unstable();
                // Code that names a base may also hold one of its subclasses' objects
                // (`def run(service: CopyService)` … `service.submit_recv(..)`): which
                // method such a call runs is the index's to decide.
                let on_base = ChainName {
                    reach: ancestors.clone(),
                    imported: false,
                    free: None,
                    via: Vec::new(),
                    bases: Vec::new(),
                    ..c.clone()
                };
                let variant = ChainName {
                    reach: ancestors.clone(),
                    imported: false,
                    free: None,
                    via: vec![SELF.to_string()],
                    bases: ancestors,
                    ..c.clone()
                };
                out.push((on_base, d));
                out.push((variant, d));
            }
            out.push((c, d));
        }
        out
    }

    /// The names to check a file with now (their count is the file's generation).
    pub fn snapshot(&self, family: usize) -> Option<Arc<Snapshot>> {
        self.families[family]
            .read()
            .ok()
            .and_then(|f| f.snapshot.clone())
    }

    /// All names of a family so far.
    pub fn all(&self, family: usize) -> NameSet {
        self.families[family]
            .read()
            .map(|f| f.all.clone())
            .unwrap_or_default()
    }

    /// Add a batch of definition counts (see `Definitions`, `DefinitionBatch`). A name
    /// defined more than `MAX_DEFINITIONS` times in the files of the run is one the index
    /// never follows: it is retired, so its many callers are not parsed for nothing.
    pub fn define(&self, batch: &mut DefinitionBatch) {
        if !batch.classes.is_empty()
            && let Ok(mut known) = self.classes.lock()
        {
            for (h, n) in batch.classes.drain() {
                *known.entry(h).or_insert(0) += n;
            }
        }
        if !batch.bases.is_empty()
            && let Ok(mut known) = self.bases.lock()
        {
            // (Repeats are harmless: the ancestry walk skips what it has seen.)
            for (class, bases) in batch.bases.drain(..) {
                known.entry(class).or_default().extend(bases);
            }
        }
        batch.files = 0;
        if batch.counts.is_empty() {
            return;
        }
        let Ok(mut defined) = self.definitions.lock() else {
            return;
        };
        let mut ambiguous = Vec::new();
        for (h, count) in batch.counts.drain() {
            let n = defined.entry(h).or_insert(0);
            let before = *n;
            *n += count;
            if before <= MAX_DEFINITIONS && *n > MAX_DEFINITIONS {
                ambiguous.push(h);
            }
        }
        drop(defined);
        if ambiguous.is_empty() {
            return;
        }
        for (fam, family) in self.families.iter().enumerate() {
            let Ok(mut f) = family.write() else {
                continue;
            };
            let retired: usize = ambiguous
                .iter()
                .filter(|(of, _)| *of == fam)
                .map(|&(_, h)| f.all.retire_hash(h))
                .sum();
            if retired == 0 {
                continue;
            }
            f.stale += retired;
            // Few names: a stale one would send every file to be split (the fast search
            // finds the retired name everywhere); many: retaken now and then.
            let few = f.all.keys.len() <= ALWAYS_SNAPSHOT;
            if f.snapshot.is_some() && (few || f.stale >= 16 + f.all.len() / 8) {
                f.snapshot = Some(Arc::new(Snapshot::of(&f.all)));
                f.stale = 0;
            }
        }
    }

    /// Once every file has been read: drop the calls of a Python or Rust model that cannot
    /// be part of a chain (of nothing defined in the run: library calls), as the index will
    /// (the lexical definitions include every parsed one), so that memory follows the
    /// calls that matter.
    pub fn prune_calls(&self, model: &mut FileModel, lang: Language) {
        if !matches!(lang, Language::Python | Language::Rust) {
            return;
        }
        let (Ok(defined), Ok(classes)) = (self.definitions.lock(), self.classes.lock()) else {
            return;
        };
        let fam = family(lang);
        // (A call of a parameter runs the functions callers hand over: `fn(arg)`.)
        let functions = &model.functions;
        model.calls.retain(|c| {
            let h = name_hash(c.callee.as_bytes());
            defined.contains_key(&(fam, h))
                || classes.contains_key(&h)
                || functions
                    .get(c.function)
                    .is_some_and(|f| f.params.iter().any(|(n, _)| *n == c.callee))
        });
        // A name handed over matters only when it names a function of the run.
        for c in &mut model.calls {
            c.name_args
                .retain(|(_, n)| defined.contains_key(&(fam, name_hash(n.as_bytes()))));
            c.name_args.shrink_to_fit();
        }
        model.calls.shrink_to_fit();
    }

    /// The names defined more than `MAX_DEFINITIONS` times in the files of a family of
    /// the run (as the family and the name's `name_hash`).
    pub fn ambiguous(&self) -> FxHashSet<(usize, u64)> {
        self.definitions
            .lock()
            .map(|d| {
                d.iter()
                    .filter(|(_, n)| **n > MAX_DEFINITIONS)
                    .map(|(h, _)| *h)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Add names (not those already defined more than `MAX_DEFINITIONS` times); the
    /// snapshot follows (see `ALWAYS_SNAPSHOT`), or at once with `now`.
    pub fn add(&self, family: usize, found: impl IntoIterator<Item = ChainName>, now: bool) {
        let found: Vec<ChainName> = match (self.definitions.lock(), self.classes.lock()) {
            (Ok(defined), Ok(classes)) => found
                .into_iter()
                .filter_map(
                    |c| match defined.get(&(family, name_hash(c.name.as_bytes()))) {
                        // A call on a name bound to an object of the class (`g_ctx.f(`) says
                        // which `f` it is, however many classes define one.
                        Some(&n) if n > MAX_DEFINITIONS && c.is_narrow() => Some(c),
                        // A Python method defined in many classes is still reached by `self.f()`
                        // in a base class (the index resolves it to the overrides).
                        Some(&n) if n > MAX_DEFINITIONS => (family
                            == self::family(Language::Python)
                            && c.class.is_some()
                            && n <= MAX_OVERRIDES)
                            .then(|| c.dispatched(&classes))
                            .flatten(),
                        _ => Some(c),
                    },
                )
                .collect(),
            _ => return,
        };
        let Ok(mut f) = self.families[family].write() else {
            return;
        };
        let before = f.all.len();
        for chain in found {
            f.all.push(chain);
        }
        let len = f.all.len();
        let taken = f.snapshot.as_ref().map_or(0, |s| s.names.len());
        if len > before && (now || len <= ALWAYS_SNAPSHOT || len >= taken + taken / 4) {
            f.snapshot = Some(Arc::new(Snapshot::of(&f.all)));
            f.stale = 0;
        }
    }
}

/// How far a chain name may be from the pin, in calls: a chain is at most
/// `MAX_EDGES` calls long, so only names this close have callers worth parsing (the
/// function holding the loop is one call further up).
pub const MAX_NAME_DEPTH: usize = MAX_EDGES - 1;

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
        if ev.kind.pins() && f.kind == FunctionKind::Function && !f.name.is_empty() {
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
            // so is `__call__`, on a local the class's name made (`chan = Chan(..); chan(x)`).
            if let Some(class) = &f.class
                && (f.name == "__init__" || (f.name == "__call__" && lang == Language::Python))
            {
                let free = (lang == Language::Python).then(|| path.to_string());
                names.insert(ChainName::type_name(class, Vec::new(), free), 0);
            }
        }
    }
    callers(std::iter::once((model, path, lang, idents)), &mut names);
    names
}

/// The receiver of a call dispatched on the caller's own object.
const SELF: &str = "self";

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

/// Add to `names` the functions of `files` (model, path, language) that call one of them,
/// one call further from the pin, up to `MAX_NAME_DEPTH` (a name keeps its shortest
/// distance).
pub fn callers<'m>(
    files: impl Iterator<Item = (&'m FileModel, &'m str, Language, &'m Idents)>,
    names: &mut Depths,
) {
    let files: Vec<_> = files.collect();
    // The calls of each callee, from functions that can be chain names: each round looks
    // only at the calls of names that were added or came closer in the round before (the
    // others can give nothing new), so the fixpoint costs about one look at each call.
    let mut calls_of: FxHashMap<&str, Vec<(usize, usize)>> = FxHashMap::default();
    for (i, (model, ..)) in files.iter().enumerate() {
        for (j, call) in model.calls.iter().enumerate() {
            let f = &model.functions[call.function];
            if f.kind == FunctionKind::Function && !f.name.is_empty() {
                calls_of
                    .entry(call.callee.as_str())
                    .or_default()
                    .push((i, j));
            }
        }
    }
    let mut changed: FxHashSet<String> = names.keys().map(|c| c.name.clone()).collect();
    while !changed.is_empty() {
        // Each name's definitions and distances.
        let mut by_name: FxHashMap<&str, Vec<(&ChainName, usize)>> = FxHashMap::default();
        for (chain, &d) in names.iter() {
            if changed.contains(chain.name.as_str()) {
                by_name
                    .entry(chain.name.as_str())
                    .or_default()
                    .push((chain, d));
            }
        }
        let mut found: Vec<(ChainName, usize)> = Vec::new();
        for (name, defs) in &by_name {
            for &(i, j) in calls_of.get(name).map_or(&[][..], Vec::as_slice) {
                let (model, path, lang, idents) = files[i];
                let call = &model.calls[j];
                // The shortest distance of a definition the call can reach.
                let Some(d) = defs
                    .iter()
                    .filter(|(c, _)| c.callable_from(idents, path, call))
                    .map(|&(_, d)| d)
                    .min()
                else {
                    continue;
                };
                if d >= MAX_NAME_DEPTH {
                    continue;
                }
                let f = &model.functions[call.function];
                for chain in ChainName::all_of(f, path, lang, model) {
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
                changed.insert(chain.name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::idents::Scratch;

    fn idents(text: &str) -> Idents {
        Idents::of(
            text.as_bytes(),
            Language::Python,
            "x.py",
            &mut Scratch::default(),
        )
    }

    fn mentioned(set: &NameSet, text: &str, since: usize, upto: usize) -> bool {
        set.mentioned_in(text.as_bytes(), &idents(text), since, upto)
    }

    #[test]
    fn generations_grow_in_order_and_snapshots_cover_a_prefix() {
        let live = LiveNames::default();
        assert!(live.snapshot(0).is_none());
        let names = |ns: &[&str]| {
            ns.iter()
                .map(|n| ChainName::anywhere(n))
                .collect::<Vec<_>>()
        };
        live.add(0, names(&["stage", "pin_all"]), false);
        live.add(0, names(&["stage"]), false);
        assert_eq!(live.all(0).len(), 2);
        let snap = live.snapshot(0).expect("a snapshot");
        assert!(snap.may_mention_text(b"x = pin_all(b)"));
        assert!(!snap.may_mention_text(b"x = pin_al(b)"));
        let snap = &snap.names;
        assert_eq!(snap.len(), 2);
        assert!(mentioned(snap, "x = pin_all(b)", 0, 2));
        // `pin_all` is generation 1: not among names `0..1`, nor `2..`.
        assert!(!mentioned(snap, "x = pin_all(b)", 0, 1));
        assert!(!mentioned(snap, "x = pin_all(b)", 2, 2));
        assert!(snap.contains("stage", 1));
        assert!(!snap.contains("pin_all", 1));
        assert!(live.all(1).is_empty());
    }

    #[test]
    fn only_whole_identifiers_match() {
        let names = NameSet::from_names(&["__gt", "gt", "stage", "stage_batch"]);
        let n = names.len();
        assert!(!mentioned(&names, "__gthread_once(); x->gts;", 0, n));
        assert!(mentioned(&names, "__gthread_once(); __gt();", 0, n));
        let chain = NameSet::from_names(&["stage_batch"]);
        assert!(mentioned(&chain, "x = stage_batch(b)", 0, 1));
        assert!(!mentioned(&chain, "x = stage_batches(b)", 0, 1));
        assert!(!mentioned(&chain, "x = 2stage_batch", 0, 1));
        // Non-ASCII letters continue an identifier.
        let gr = NameSet::from_names(&["gr"]);
        assert!(!mentioned(&gr, "größe(x)", 0, 1));
        assert!(mentioned(&gr, "x = gr(größe)", 0, 1));
    }

    #[test]
    fn templates_match_by_their_name_and_other_names_never() {
        assert_eq!(key("foo<int>"), b"foo");
        assert_eq!(key("operator()"), b"");
        assert_eq!(key("~Buffer"), b"");
        assert_eq!(key("()"), b"");
        assert_eq!(key("#endif\nstatic int f"), b"");
        let set = NameSet::from_names(&["stage<int>", "()"]);
        assert!(mentioned(&set, "stage<int>(b);", 0, 2));
        assert!(!mentioned(&set, "(x)", 0, 2));
    }

    #[test]
    fn methods_and_other_modules_functions_are_looked_for_where_they_can_be_called() {
        let mut set = NameSet::default();
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            class: None,
            via: Vec::new(),
            imported: false,
            free: None,
            name: "stage".into(),
            reach: vec!["Stager".into()],
            prototype: false,
        });
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            class: None,
            via: Vec::new(),
            imported: true,
            free: Some("pkg/staging/rows.py".into()),
            name: "pin_rows".into(),
            reach: Vec::new(),
            prototype: false,
        });
        assert_eq!(module_names("pkg/staging/rows.py"), ["rows", "staging"]);
        assert_eq!(module_names("pkg/staging/__init__.py"), ["staging"]);
        assert!(!mentioned(&set, "y = x.stage(b)", 0, 2));
        assert!(mentioned(&set, "s: Stager = make()\ny = s.stage(b)", 0, 2));
        assert!(!mentioned(&set, "y = pin_rows(b)", 0, 2));
        assert!(mentioned(
            &set,
            "from pkg.staging.rows import pin_rows\npin_rows(b)",
            0,
            2
        ));
        assert!(mentioned(
            &set,
            "from pkg.staging import pin_rows\npin_rows(b)",
            0,
            2
        ));
        // Retired names are no longer looked for, nor added again.
        set.retire("stage");
        assert!(!mentioned(&set, "s: Stager = make()\ny = s.stage(b)", 0, 2));
        assert!(!set.push(ChainName::anywhere("stage")));
        assert!(!set.contains("stage", 2));
    }

    #[test]
    fn names_beyond_chain_depth_are_not_chain_names() {
        let text = "def pin(b):\n    return b.pin_memory()\n\ndef a(b):\n    return pin(b)\n\ndef c(b):\n    return a(b)\n\ndef d(b):\n    return c(b)\n\ndef e(b):\n    return d(b)\n\ndef f(b):\n    return e(b)\n";
        let catalog = crate::catalog::Catalog::builtin();
        let model = crate::frontend::Parsers::new()
            .build(Language::Python, text, &catalog)
            .expect("parses");
        let depths = of_model(&model, "m.py", Language::Python, &Idents::default());
        let mut found: Vec<(String, usize)> =
            depths.into_iter().map(|(c, d)| (c.name, d)).collect();
        found.sort_by_key(|(_, d)| *d);
        let expected: Vec<(String, usize)> = [("pin", 0), ("a", 1), ("c", 2), ("d", 3)]
            .iter()
            .map(|(n, d)| (n.to_string(), *d))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn stored_identifiers_screen_for_newer_names() {
        let idents = idents("def step(b):\n    return stage(b)\n");
        let mut set = NameSet::from_names(&["other"]);
        assert!(!set.may_mention(&idents, 0));
        set.push(ChainName::anywhere("stage"));
        assert!(set.may_mention(&idents, 0));
        assert!(set.may_mention(&idents, 1));
        assert!(!set.may_mention(&idents, 2));
    }

    #[test]
    fn stored_identifiers_screen_for_what_a_call_needs() {
        // A method of `Cache` is reached only from a file that names `Cache`, a Python
        // function of `pkg/ops.py` only through an import or `ops.` (its reach).
        let mut set = NameSet::default();
        set.push(ChainName {
            reach: vec!["Cache".to_string()],
            ..ChainName::anywhere("refresh")
        });
        set.push(ChainName {
            free: Some("pkg/ops.py".to_string()),
            ..ChainName::anywhere("stage")
        });
        let plain = idents("def step(c, b):\n    c.refresh()\n    return stage(b)\n");
        assert!(!set.may_mention(&plain, 0));
        let with_class = idents("def step(c: Cache):\n    c.refresh()\n");
        assert!(set.may_mention(&with_class, 0));
        assert!(!set.may_mention(&with_class, 1));
        let imported = idents("from pkg.ops import stage\ndef step(b):\n    return stage(b)\n");
        assert!(set.may_mention(&imported, 1));
        let qualified = idents("from pkg import ops\ndef step(b):\n    return ops.stage(b)\n");
        assert!(set.may_mention(&qualified, 1));
    }

    fn defines(text: &str, lang: Language) -> Vec<String> {
        Definitions::of(text.as_bytes(), lang)
            .functions
            .iter()
            .map(|d| String::from_utf8_lossy(d).into_owned())
            .collect()
    }

    #[test]
    fn definitions_are_counted_lexically() {
        let py = "def stage(b):\n    return pin(b)\nasync def  fetch():\n    x = define(1)\n    y = undef(2)\nclass Slab(Base):\n    pass\n# the def keyword\n";
        assert_eq!(defines(py, Language::Python), ["stage", "fetch", "keyword"]);
        let bound = "self._ffn = partial(L._moe, self)\nself.b = functools.partial(f)\nx = partial(f)\nself.c == partial(f)\nself.d = mypartial(f)\n";
        assert_eq!(defines(bound, Language::Python), ["_ffn", "b"]);
        let d = Definitions::of(py.as_bytes(), Language::Python);
        assert_eq!(d.classes, [b"Slab"]);
        let rs = "fn stage() { pin() }\npub(crate) fn fetch<T>(x: T) {}\nlet f = stage();";
        assert_eq!(defines(rs, Language::Rust), ["stage", "fetch"]);
        let cpp = "
            void stage(int n) { if (ok(n)) { pin(n); } }
            Buffer::Buffer(size_t n) : size_{n}, data(alloc(n)) { }
            auto fetch(int a) const noexcept(true) -> std::vector<int> { return {}; }
            int declared(int a);
            TEST(Suite, Name) { for (auto x : range(3)) { go(x); } }
            x = c ? f(a) : g(b);
        ";
        assert_eq!(
            defines(cpp, Language::Cpp),
            ["stage", "Buffer", "fetch", "TEST"]
        );
    }

    /// A free function named `name`, as a front end records it.
    fn free_function(name: &str) -> crate::model::Function {
        crate::model::Function {
            name: name.into(),
            kind: crate::model::FunctionKind::Function,
            class: None,
            namespace: None,
            span: Default::default(),
            name_span: Default::default(),
            parent: None,
            passed_as: None,
            dispatched: false,
            params: Vec::new(),
            requested: Vec::new(),
            test: false,
            macro_def: false,
        }
    }

    #[test]
    fn a_python_module_function_is_reached_only_through_an_import_of_it_or_its_module() {
        let mut set = NameSet::default();
        set.push(ChainName::of(
            &free_function("pin_rows"),
            "proj/pkg/staging/rows.py",
            Language::Python,
        ));
        let reached = |path: &str, text: &str| {
            let ids = Idents::of(
                text.as_bytes(),
                Language::Python,
                path,
                &mut Scratch::default(),
            );
            set.mentioned_in(text.as_bytes(), &ids, 0, 1)
        };
        // Imports of it, of its module, of its package (a re-export), relative or not.
        assert!(reached(
            "a/b.py",
            "from pkg.staging.rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "from pkg.staging import (\n  other,\n  pin_rows,\n)\npin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "import pkg.staging.rows as r\nr.pin_rows(x)"
        ));
        assert!(reached(
            "a/b.py",
            "from pkg.staging.rows import *\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/up.py",
            "from .rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/up.py",
            "from . import rows\nrows.pin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/sub/up.py",
            "from ..rows import pin_rows\npin_rows(x)"
        ));
        assert!(reached(
            "pkg/staging/run.py",
            "import rows\nrows.pin_rows(x)"
        ));
        assert!(reached("a/b.py", "y = staging.pin_rows(x)"));
        // Another project's module of the same name, or the words outside an import.
        assert!(!reached(
            "a/b.py",
            "from other.rows import pin_rows\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "from other.util import rows\nr.pin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "import utils\nrows = staging = 1\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "# from pkg.staging.rows import pin_rows\npin_rows(x)"
        ));
        assert!(!reached(
            "a/b.py",
            "from pkg.staging import rows_as\npin_rows(x)"
        ));
    }

    #[test]
    fn a_c_function_of_another_file_is_reached_where_its_header_is_included() {
        let mut set = NameSet::default();
        set.push(ChainName::of(
            &free_function("stage_copy"),
            "lib/ops/copy.cu",
            Language::Cuda,
        ));
        let reached = |text: &str| {
            let ids = Idents::of(
                text.as_bytes(),
                Language::Cuda,
                "x.cu",
                &mut Scratch::default(),
            );
            set.mentioned_in(text.as_bytes(), &ids, 0, 1)
        };
        assert!(reached(
            "#include \"ops/copy.h\"\nvoid f() { stage_copy(1); }"
        ));
        assert!(reached("# include <copy.cuh>\nvoid f() { stage_copy(1); }"));
        assert!(reached(
            "void stage_copy(int);\nvoid f() { stage_copy(1); }"
        ));
        assert!(!reached(
            "#include \"other.h\"\nvoid f(int copy) { stage_copy(copy); }"
        ));
    }

    #[test]
    fn c_prototypes_are_recorded_and_calls_are_not() {
        let scan = |t: &str| {
            Idents::of(
                t.as_bytes(),
                Language::Cuda,
                "x.cu",
                &mut Scratch::default(),
            )
        };
        assert!(scan("void* stage(size_t n);\nvoid run() { stage(1); }").declares("stage"));
        assert!(scan("#define PIN(p, n) cudaMallocHost(&p, n)\n").declares("PIN"));
        assert!(!scan("#define PIN cudaMallocHost(&p, 4)\n").declares("PIN"));
        assert!(!scan("void run() { stage(1); return stage(2); }").declares("stage"));
        assert!(!scan("void run() { x = stage(1); }").declares("stage"));
        let mut set = NameSet::default();
        set.push(ChainName {
            bases: Vec::new(),
            member_call: false,
            class: None,
            via: Vec::new(),
            imported: false,
            free: None,
            name: "stage".into(),
            reach: module_names("src/helper.cu"),
            prototype: true,
        });
        let text = "void* stage(size_t n);\nvoid run() { stage(1); }";
        assert!(set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
        let text = "void run() { stage(1); }";
        assert!(!set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
        let text = "#include \"helper.h\"\nvoid run() { stage(1); }";
        assert!(set.mentioned_in(text.as_bytes(), &scan(text), 0, 1));
    }
}
