//! The run's name sets: `NameSet` (chain names in the order found, matched by key against
//! a file's identifiers), the definitions counted lexically by each reading thread, and the
//! `LiveNames` the first pass's threads share, with their snapshots.

use std::sync::{Arc, Mutex, RwLock};

use rustc_hash::{FxHashMap, FxHashSet};

use super::chain::{ChainName, SELF};
use crate::analysis::index::{MAX_DEFINITIONS, MAX_OVERRIDES};
use crate::model::{FileModel, Language};
use crate::scan::idents::{
    Definitions, FAMILIES, Idents, any_ident, called_on, defined_at, family, hash, import_hash,
    key, member_call_at, name_hash, prototype_hash, python_reach,
};
use crate::scan::prefilter::Prefilter;

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
    /// `ChainName::definition`.
    definition: bool,
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
                definition: chain.definition,
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
                    && (!e.definition || at == 0 || defined_at(text, at))
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
    /// C-family prototypes: (`name_hash`, the declaring file's stem).
    declared: Vec<(u64, Box<str>)>,
    /// C-family and Rust names declared with a class type: (class, (family, name)).
    typed: Vec<(Box<str>, crate::analysis::index::FamilyName)>,
    /// C-family includes: (the included header's key, the including file's key; see
    /// `scan::includes`).
    includes: Vec<(Box<str>, Box<str>)>,
    /// C++ virtual method names (`name_hash`).
    virtuals: Vec<u64>,
    /// Python `@property` getters (`name_hash`).
    properties: Vec<u64>,
    files: usize,
}

impl DefinitionBatch {
    const FILES: usize = 64;

    /// Count the definitions of a file at `path`; true when the batch is due to be added.
    pub fn add(&mut self, d: &Definitions, lang: Language, path: &str) -> bool {
        let fam = family(lang);
        if !d.declared.is_empty() {
            let stem: Box<str> = crate::analysis::index::stem(path).into();
            self.declared
                .extend(d.declared.iter().map(|n| (name_hash(n), stem.clone())));
        }
        self.virtuals
            .extend(d.virtuals.iter().map(|n| name_hash(n)));
        self.properties
            .extend(d.properties.iter().map(|n| name_hash(n)));
        let text = |b: &[u8]| -> Box<str> { String::from_utf8_lossy(b).into() };
        self.typed.extend(
            d.typed
                .iter()
                .map(|(name, class)| (text(class), (fam, text(name)))),
        );
        if !d.includes.is_empty() {
            // (Each header by its folder and stem, a bare include's folder being the
            // includer's, and by its stem alone: see `scan::includes`.)
            let here = crate::scan::idents::module_names(path);
            let folder = here.get(1).map_or("", String::as_str);
            if let Some(by) = crate::scan::includes::key_of(&here) {
                let by: Box<str> = by.into();
                for (f, h) in &d.includes {
                    let (f, h) = (text(f), text(h));
                    let f = if f.is_empty() { folder } else { &*f };
                    let key = crate::scan::includes::header_key(f, &h);
                    self.includes.push((key.into(), by.clone()));
                    self.includes.push((h, by.clone()));
                }
            }
        }
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
    /// C-family functions (`name_hash`) → the stems of the files that declare them by
    /// prototype (at most `MAX_DECLARING`): an `#include` of one reaches the definition.
    declared: Mutex<FxHashMap<u64, Vec<Box<str>>>>,
    /// C-family and Rust classes → the names declared with that type (at most
    /// `MAX_TYPED_NAMES`): `Exchange halo_;` makes `halo_.exchange()` a call of
    /// `Exchange::exchange`, `renderer: Renderer` makes `st.renderer.render()` one of
    /// `Renderer::render`. Each name with its language family: a Rust `log: &Log` says
    /// nothing of a C++ `log`.
    typed: Mutex<crate::analysis::index::TypedNames>,
    /// C-family headers, by folder and stem and by stem (`scan::includes::header_key`) →
    /// the keys of the files that include them (the least `MAX_DECLARING`): a file
    /// including one of those sees the header's classes and functions too.
    included_by: Mutex<FxHashMap<Box<str>, Vec<Box<str>>>>,
    /// C++ method names (`name_hash`) declared `virtual`, `override` or `final` somewhere
    /// in the run (see `Definitions::virtuals`).
    virtuals: Mutex<FxHashSet<u64>>,
    /// Python `@property` getters defined in the run (`name_hash`): a read of an attribute
    /// of another name calls nothing (see `CallSite::property_read`).
    properties: Mutex<FxHashSet<u64>>,
}

/// A prototype repeated in more headers than this says nothing about which one a caller
/// includes to reach a definition: the rest are not kept.
const MAX_DECLARING: usize = 8;

/// Names kept per class type (see `LiveNames::typed`).
const MAX_TYPED_NAMES: usize = 16;

/// Add `item` to the sorted `list`, which keeps the `cap` least: the reading threads add
/// in no fixed order, and what is kept must not depend on it (the first `cap` to arrive
/// would change from run to run).
fn keep_least<T: Ord>(list: &mut Vec<T>, item: T, cap: usize) {
    if let Err(at) = list.binary_search(&item)
        && at < cap
    {
        list.insert(at, item);
        list.truncate(cap);
    }
}

impl LiveNames {
    /// Which headers declare each C-family function (see `LiveNames::declared`), handed
    /// over once the chain passes are done (the index keeps them).
    pub fn take_declared(&self) -> FxHashMap<u64, Vec<Box<str>>> {
        self.declared
            .lock()
            .map(|mut d| std::mem::take(&mut *d))
            .unwrap_or_default()
    }

    /// The names declared with each class type (see `LiveNames::typed`), handed
    /// over once the chain passes are done (the index keeps them).
    pub fn take_typed(&self) -> crate::analysis::index::TypedNames {
        self.typed
            .lock()
            .map(|mut d| std::mem::take(&mut *d))
            .unwrap_or_default()
    }

    /// Which files include each C-family header (see `LiveNames::included_by`), handed
    /// over once the chain passes are done (the index keeps them).
    pub fn take_included_by(&self) -> FxHashMap<Box<str>, Vec<Box<str>>> {
        self.included_by
            .lock()
            .map(|mut d| std::mem::take(&mut *d))
            .unwrap_or_default()
    }

    /// The C++ method names declared virtual in the run (see `LiveNames::virtuals`),
    /// handed over once the chain passes are done (the index keeps them).
    pub fn take_virtuals(&self) -> FxHashSet<u64> {
        self.virtuals
            .lock()
            .map(|mut d| std::mem::take(&mut *d))
            .unwrap_or_default()
    }

    /// C++ methods declared virtual somewhere in the run (in a header whose class body this
    /// file's definition does not see) are also looked for as a member call on any object
    /// (`shape->integrate(`): callers hold a pointer to a base class they need not name.
    pub fn with_virtuals(&self, names: Vec<ChainName>) -> Vec<ChainName> {
        let Ok(virtuals) = self.virtuals.lock() else {
            return names;
        };
        let mut out = Vec::with_capacity(names.len());
        for c in names {
            let method = !c.imported && !c.prototype && c.free.is_none() && !c.member_call;
            if method && !c.reach.is_empty() && virtuals.contains(&name_hash(c.name.as_bytes())) {
                out.push(ChainName {
                    reach: Vec::new(),
                    member_call: true,
                    ..c.clone()
                });
            }
            out.push(c);
        }
        out
    }

    /// C++ and Rust methods' chain names, each reached also through a call on a name
    /// declared with the method's class (`Exchange halo_;` … `halo_.exchange(..)`, in
    /// whatever header the caller's class is declared; `renderer: Renderer` …
    /// `st.renderer.render(..)`).
    pub fn with_typed_names(&self, names: Vec<ChainName>) -> Vec<ChainName> {
        let Ok(typed) = self.typed.lock() else {
            return names;
        };
        // A name declared with many classes (`p`, `impl_`) says little about which class a
        // call on it reaches: as in the index, left out.
        let mut classes_of: FxHashMap<&str, usize> = FxHashMap::default();
        for declared in typed.values() {
            for (_, n) in declared {
                *classes_of.entry(&**n).or_insert(0) += 1;
            }
        }
        names
            .into_iter()
            .map(|mut c| {
                // (A C++ method's reach starts with its class: `ChainName::of`.)
                let method = !c.imported && !c.prototype && c.free.is_none();
                if method
                    && let Some(declared) = c.reach.first().and_then(|k| typed.get(k.as_str()))
                {
                    for (_, n) in declared {
                        let specific = classes_of
                            .get(&**n)
                            .is_some_and(|&k| k <= crate::analysis::index::MAX_TYPED_CLASSES);
                        if specific && !c.reach.iter().any(|r| **r == **n) {
                            c.reach.push(n.to_string());
                        }
                    }
                }
                c
            })
            .collect()
    }

    /// C-family free functions' chain names, each reached also through an `#include` of a
    /// header that declares it (`api.h` declaring what `stage.cpp` defines).
    pub fn with_declarations(&self, names: Vec<ChainName>) -> Vec<ChainName> {
        let (Ok(declared), Ok(included_by)) = (self.declared.lock(), self.included_by.lock())
        else {
            return names;
        };
        names
            .into_iter()
            .map(|mut c| {
                // A class or function of `frame_readback.hpp` is seen through `tracer.hpp`
                // that includes it, and through what includes that (`models.hpp` →
                // `sim.hpp` → `pinned_alloc.hpp`): the includers' stems reach it too, to
                // `INCLUDE_LEVELS`, while they are not too many to look for.
                if c.imported
                    && c.free.is_none()
                    && let Some(key) = crate::scan::includes::key_of(&c.reach)
                {
                    for by in crate::scan::includes::includers(&key, &included_by) {
                        let s = crate::scan::includes::key_stem(&by);
                        if !c.reach.iter().any(|r| r == s) {
                            c.reach.push(s.to_string());
                        }
                    }
                }
                if c.prototype
                    && let Some(stems) = declared.get(&name_hash(c.name.as_bytes()))
                {
                    for s in stems {
                        if !c.reach.iter().any(|r| **r == **s) {
                            c.reach.push(s.to_string());
                        }
                    }
                }
                c
            })
            .collect()
    }

    /// How many functions of `name` the run's Python files define (counted lexically).
    pub fn python_definitions(&self, name: &str) -> usize {
        self.definitions_in(family(Language::Python), name)
    }

    /// How many functions of `name` the run's files of `family` define (counted lexically).
    pub fn definitions_in(&self, family: usize, name: &str) -> usize {
        self.definitions.lock().map_or(0, |d| {
            d.get(&(family, name_hash(name.as_bytes())))
                .copied()
                .unwrap_or(0)
        })
    }

    /// How many Python classes of `name` the run's files define (counted lexically).
    pub fn python_classes(&self, name: &str) -> usize {
        self.classes.lock().map_or(0, |c| {
            c.get(&name_hash(name.as_bytes())).copied().unwrap_or(0)
        })
    }

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
            // (Kept sorted: the reading threads add them in no fixed order.)
            for (class, bases) in batch.bases.drain(..) {
                let list = known.entry(class).or_default();
                for b in bases {
                    if let Err(at) = list.binary_search(&b) {
                        list.insert(at, b);
                    }
                }
            }
        }
        if !batch.declared.is_empty()
            && let Ok(mut known) = self.declared.lock()
        {
            for (h, stem) in batch.declared.drain(..) {
                keep_least(known.entry(h).or_default(), stem, MAX_DECLARING);
            }
        }
        if !batch.includes.is_empty()
            && let Ok(mut known) = self.included_by.lock()
        {
            for (header, by) in batch.includes.drain(..) {
                keep_least(known.entry(header).or_default(), by, MAX_DECLARING);
            }
        }
        if !batch.virtuals.is_empty()
            && let Ok(mut known) = self.virtuals.lock()
        {
            known.extend(batch.virtuals.drain(..));
        }
        if !batch.properties.is_empty()
            && let Ok(mut known) = self.properties.lock()
        {
            known.extend(batch.properties.drain(..));
        }
        if !batch.typed.is_empty()
            && let Ok(mut known) = self.typed.lock()
        {
            for (class, name) in batch.typed.drain(..) {
                keep_least(known.entry(class).or_default(), name, MAX_TYPED_NAMES);
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
        let functions = &model.functions;
        let is_defined = |name: &str| {
            let h = name_hash(name.as_bytes());
            defined.contains_key(&(fam, h)) || classes.contains_key(&h)
        };
        // `self.safety(x)` where the file stores an object into the attribute
        // (`self.safety = safety`, `self.safety = Checker()`) and the caller's class
        // defines no method of the name: the object's `__call__`, resolved by what the
        // attribute holds.
        let stored: FxHashSet<&str> = model
            .param_attrs
            .iter()
            .chain(&model.param_factories)
            .map(|(_, _, a)| a.as_str())
            .chain(
                model
                    .bindings
                    .iter()
                    .filter(|b| b.2)
                    .map(|(a, _, _)| a.as_str()),
            )
            .chain(model.self_assigned.iter().map(String::as_str))
            .collect();
        let methods: FxHashSet<(Option<&str>, &str)> = functions
            .iter()
            .map(|f| (f.class.as_deref(), f.name.as_str()))
            .collect();
        let method = |caller: usize, name: &str| {
            let class = functions.get(caller).and_then(|f| f.class.as_deref());
            methods.contains(&(class, name))
        };
        for c in model.calls.iter_mut() {
            if lang == Language::Python
                && c.receiver == crate::model::Receiver::SelfRef
                && stored.contains(c.callee.as_str())
                && !method(c.function, &c.callee)
            {
                c.receiver = crate::model::Receiver::Expr;
                c.receiver_attr = Some(std::mem::replace(&mut c.callee, "__call__".into()));
            }
        }
        // (An attribute read calls only a getter: `fv.pinned` where a class of the run
        // defines a `@property` of that name.)
        if let Ok(properties) = self.properties.lock() {
            model.calls.retain(|c| {
                !c.property_read || properties.contains(&name_hash(c.callee.as_bytes()))
            });
        }
        model.retain_reachable_calls(lang, is_defined);
        // A name handed over matters only when it names a function of the run.
        for c in &mut model.calls {
            let defined =
                |(_, n): &(u8, String)| defined.contains_key(&(fam, name_hash(n.as_bytes())));
            c.name_args.retain(defined);
            c.name_args.shrink_to_fit();
            // (`f(len(x))`, `g([a, b])`: factories and listed functions the run lacks.)
            c.factory_args.retain(defined);
            c.listed_args.retain(defined);
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
                        // which `f` it is, however many classes define one; so does a
                        // definition looked for where its type is named (`Model::new`).
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
