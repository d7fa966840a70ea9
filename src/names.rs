//! Names of functions that pin (or call a function that does): a file that mentions one
//! may hold the loop at the top of a call chain.
//!
//! Matching costs the same whatever the number of names: a text is split into identifiers
//! once, and each identifier is looked up in a hash map of the names. No automaton is
//! built for them. A file that names nothing yet keeps the hashes of its identifiers
//! (`Idents`), so a later pass asks "does it mention a newer name?" without reading it.
//!
//! Names are collected while the first pass runs, in the order found, so a file read after
//! a name was known is checked for it then; only files read before need a second look, and
//! only for the newer names. A name's "generation" is its position in that order.

use std::collections::HashMap;
use std::hash::Hasher;
use std::sync::{Arc, Mutex, RwLock};

use rustc_hash::{FxHashMap, FxHasher};

use crate::index::MAX_DEFINITIONS;
use crate::model::{FileModel, FunctionKind, Language};
use crate::rules::pinned_alloc_via_call_in_loop::MAX_EDGES;

/// Languages whose functions call each other by name: Python; C, C++ and CUDA; Rust.
pub const FAMILIES: usize = 3;

pub fn family(l: Language) -> usize {
    match l {
        Language::Python => 0,
        Language::C | Language::Cpp | Language::Cuda => 1,
        Language::Rust => 2,
    }
}

/// Bytes that continue an identifier. Bytes of non-ASCII characters count, so `größe`
/// is one identifier.
const IDENT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
        b += 1;
    }
    t
};

/// Call `f` on every identifier of `text` (a maximal run of identifier bytes not starting
/// with a digit) until it returns true; whether one did.
pub fn any_ident<'t>(text: &'t [u8], mut f: impl FnMut(&'t [u8]) -> bool) -> bool {
    let mut rest = text;
    loop {
        let Some(start) = rest.iter().position(|&b| IDENT[usize::from(b)]) else {
            return false;
        };
        rest = &rest[start..];
        let len = rest
            .iter()
            .position(|&b| !IDENT[usize::from(b)])
            .unwrap_or(rest.len());
        let (word, tail) = rest.split_at(len);
        if !word[0].is_ascii_digit() && f(word) {
            return true;
        }
        rest = tail;
    }
}

/// What a name is matched by in a text: itself when it is an identifier, its template's
/// name for `foo<int>`; empty when it cannot be called by name (`operator()`, `~Buffer`,
/// or what a front end made of a misparsed macro), which is never looked for.
pub fn key(name: &str) -> &[u8] {
    let b = name.as_bytes();
    let len = b
        .iter()
        .position(|&c| !IDENT[usize::from(c)])
        .unwrap_or(b.len());
    let (word, rest) = b.split_at(len);
    let template = rest.first() == Some(&b'<') && rest.last() == Some(&b'>');
    if word.first().is_some_and(u8::is_ascii_digit) || !(rest.is_empty() || template) {
        return b"";
    }
    word
}

fn hash(word: &[u8]) -> u32 {
    let mut h = FxHasher::default();
    h.write(word);
    // The high half mixes every byte best.
    (h.finish() >> 32) as u32
}

/// The identifiers a file mentions, as sorted, distinct 32-bit hashes: 4 bytes each,
/// kept for files that are not parsed (yet).
#[derive(Clone, Debug, Default)]
pub struct Idents(Box<[u32]>);

/// What a lexical pass over a file finds: its identifiers, and the names it defines
/// functions by.
pub struct Scan<'t> {
    pub idents: Idents,
    pub defines: Vec<&'t [u8]>,
}

impl<'t> Scan<'t> {
    /// `scratch` is a reusable buffer (one per thread).
    pub fn of(text: &'t [u8], lang: Language, scratch: &mut Vec<u32>) -> Scan<'t> {
        scratch.clear();
        let mut defines = Vec::new();
        // The keyword that introduces a definition's name, where there is one.
        let keyword: &[u8] = match lang {
            Language::Python => b"def",
            Language::Rust => b"fn",
            Language::C | Language::Cpp | Language::Cuda => b"",
        };
        let mut after_keyword = false;
        any_ident(text, |w| {
            scratch.push(hash(w));
            if keyword.is_empty() {
                let start = w.as_ptr() as usize - text.as_ptr() as usize;
                if !C_KEYWORDS.contains(&w)
                    && c_name_position(&text[..start])
                    && c_definition_follows(text, start + w.len())
                {
                    defines.push(w);
                }
            } else {
                if after_keyword {
                    defines.push(w);
                }
                after_keyword = w == keyword;
            }
            false
        });
        scratch.sort_unstable();
        scratch.dedup();
        Scan {
            idents: Idents(scratch.as_slice().into()),
            defines,
        }
    }
}

/// Words followed by a parenthesis and a block that do not define a function.
const C_KEYWORDS: &[&[u8]] = &[
    b"if",
    b"for",
    b"while",
    b"switch",
    b"catch",
    b"return",
    b"sizeof",
    b"decltype",
    b"alignof",
    b"static_assert",
    b"defined",
    b"noexcept",
    b"throw",
    b"requires",
    b"alignas",
    b"__attribute__",
    b"__declspec",
];

/// Can a function's name follow `before`: a return type, a qualifier, a statement's end
/// (not an argument list, an initialiser list, an operator or a member access)?
fn c_name_position(before: &[u8]) -> bool {
    let Some(i) = before.iter().rposition(|c| !c.is_ascii_whitespace()) else {
        return true;
    };
    match before[i] {
        b':' => i > 0 && before[i - 1] == b':',
        c => IDENT[usize::from(c)] || b"*&>~;{}".contains(&c),
    }
}

/// Does a function body follow `text[at..]`: `(params) qualifiers {`, or a constructor's
/// `(params) : member(init), .. {`? A lexical guess, bounded in length: a call such as
/// `if (ok(x)) {` is not one (a `)` follows the call).
fn c_definition_follows(text: &[u8], at: usize) -> bool {
    const LIMIT: usize = 4096;
    let end = text.len().min(at.saturating_add(LIMIT));
    let b = &text[..end];
    let mut i = at;
    let skip_space = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    // A balanced group from an opening bracket at `i`: the index after it.
    let group = |mut i: usize, open: u8, close: u8| {
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b';' | b'}' => return None,
                _ => {}
            }
            i += 1;
        }
        None
    };
    i = skip_space(i);
    if b.get(i) != Some(&b'(') {
        return false;
    }
    let Some(after) = group(i, b'(', b')') else {
        return false;
    };
    i = after;
    // After a lone `:`, a constructor's initialiser list: `member{init}` is not the body.
    let mut init_list = false;
    loop {
        i = skip_space(i);
        let Some(&c) = b.get(i) else {
            return false;
        };
        match c {
            b'{' => return true,
            b':' if b.get(i + 1) == Some(&b':') => i += 2,
            b':' => {
                init_list = true;
                i += 1;
            }
            // Qualifiers, trailing return types.
            b'&' | b'*' | b'<' | b'>' | b',' | b'-' => i += 1,
            b'(' => match group(i, b'(', b')') {
                Some(j) => i = j,
                None => return false,
            },
            c if IDENT[usize::from(c)] => {
                while i < b.len() && IDENT[usize::from(b[i])] {
                    i += 1;
                }
                let j = skip_space(i);
                if init_list && b.get(j) == Some(&b'{') {
                    match group(j, b'{', b'}') {
                        Some(k) => i = k,
                        None => return false,
                    }
                }
            }
            _ => return false,
        }
    }
}

/// A retired name's generation: never below a bound.
const RETIRED: u32 = u32::MAX;

/// Names in the order found; each is matched by its key (see `key`).
#[derive(Clone, Debug, Default)]
pub struct NameSet {
    /// Each name and its generation (`RETIRED` for a name no longer looked for).
    names: FxHashMap<Box<str>, u32>,
    /// Each key of a name looked for: the first and last generations of the names with
    /// that key, and how many there are.
    keys: FxHashMap<Box<[u8]>, (u32, u32, u32)>,
    /// Each key's hash, and the last generation of the keys with that hash.
    hashes: FxHashMap<u32, u32>,
}

impl NameSet {
    pub fn from_names<S: AsRef<str>>(names: &[S]) -> NameSet {
        let mut set = NameSet::default();
        for n in names {
            set.push(n.as_ref());
        }
        set
    }

    /// How many names it holds, retired ones too: the next generation.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Add a name (a new generation); false if it was there already.
    pub fn push(&mut self, name: &str) -> bool {
        if self.names.contains_key(name) {
            return false;
        }
        let generation = self.names.len() as u32;
        self.names.insert(name.into(), generation);
        let key = key(name);
        if !key.is_empty() {
            let e = self
                .keys
                .entry(key.into())
                .or_insert((generation, generation, 0));
            e.1 = generation;
            e.2 += 1;
            self.hashes.insert(hash(key), generation);
        }
        true
    }

    /// Stop looking for `name` (and never add it again). Generations stay as they were.
    pub fn retire(&mut self, name: &str) {
        match self.names.get_mut(name) {
            Some(g) if *g == RETIRED => return,
            Some(g) => *g = RETIRED,
            None => {
                self.names.insert(name.into(), RETIRED);
                return;
            }
        }
        let key = key(name);
        if let Some(e) = self.keys.get_mut(key) {
            e.2 -= 1;
            if e.2 == 0 {
                self.keys.remove(key);
            }
        }
    }

    /// Is `name` one of the first `upto` names?
    pub fn contains(&self, name: &str, upto: usize) -> bool {
        self.names.get(name).is_some_and(|&g| (g as usize) < upto)
    }

    /// Is `word` (an identifier of a text) the key of a name of generation `since..upto`?
    fn matches(&self, word: &[u8], since: usize, upto: usize) -> bool {
        self.keys
            .get(word)
            .is_some_and(|&(first, last, _)| (first as usize) < upto && last as usize >= since)
    }

    /// Does `text` mention, as a whole identifier, a name of generation `since..upto`?
    pub fn mentioned_in(&self, text: &[u8], since: usize, upto: usize) -> bool {
        since < upto && any_ident(text, |w| self.matches(w, since, upto))
    }

    /// Could a file with these identifiers mention a name of generation `since` or later?
    /// (A hash may collide: a yes is confirmed on the text.)
    pub fn may_mention(&self, idents: &Idents, since: usize) -> bool {
        since < self.len()
            && idents
                .0
                .iter()
                .any(|h| self.hashes.get(h).is_some_and(|&g| g as usize >= since))
    }
}

/// Names known elsewhere, up to a generation: the calls of them in a file are parsed too.
#[derive(Clone, Copy)]
pub struct Seed<'a> {
    set: Option<&'a NameSet>,
    upto: usize,
}

impl<'a> Seed<'a> {
    pub const NONE: Seed<'static> = Seed { set: None, upto: 0 };

    /// The first `upto` names of `set`.
    pub fn new(set: &'a NameSet, upto: usize) -> Seed<'a> {
        Seed {
            set: Some(set),
            upto,
        }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.set.is_some_and(|s| s.contains(name, self.upto))
    }

    /// Is `word` (an identifier of a text) the key of one of the names?
    pub fn matches(&self, word: &[u8]) -> bool {
        self.set.is_some_and(|s| s.matches(word, 0, self.upto))
    }
}

/// Up to this many names, a new snapshot is taken for every new one; beyond, when the list
/// has grown by a quarter (a stale snapshot only means a later second look).
const ALWAYS_SNAPSHOT: usize = 64;

#[derive(Default)]
struct Family {
    all: NameSet,
    /// What readers see: a copy of `all` as it was (its length is its generation).
    snapshot: Option<Arc<NameSet>>,
    /// Names retired since the snapshot was taken (it still looks for them: harmless,
    /// only slower, so it is retaken now and then, not for each).
    stale: usize,
}

/// The names found so far, shared by the threads of a pass.
#[derive(Default)]
pub struct LiveNames {
    families: [RwLock<Family>; FAMILIES],
    /// How often each function name is defined in the files parsed so far (all languages,
    /// as the index counts them).
    definitions: Mutex<FxHashMap<String, usize>>,
}

impl LiveNames {
    /// The names to check a file with now (their count is the file's generation).
    pub fn snapshot(&self, family: usize) -> Option<Arc<NameSet>> {
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

    pub fn len(&self, family: usize) -> usize {
        self.families[family]
            .read()
            .map(|f| f.all.len())
            .unwrap_or(0)
    }

    /// Count a file's definitions (see `Scan`). A name defined more than
    /// `MAX_DEFINITIONS` times in the files of the run is one the index never follows: it
    /// is retired, so its many callers are not parsed for nothing.
    pub fn define(&self, defines: &[&[u8]]) {
        if defines.is_empty() {
            return;
        }
        let Ok(mut defined) = self.definitions.lock() else {
            return;
        };
        let mut ambiguous = Vec::new();
        for &name in defines {
            let Ok(name) = std::str::from_utf8(name) else {
                continue;
            };
            let n = match defined.get_mut(name) {
                Some(n) => n,
                None => defined.entry(name.to_string()).or_insert(0),
            };
            *n += 1;
            if *n == MAX_DEFINITIONS + 1 {
                ambiguous.push(name);
            }
        }
        drop(defined);
        if ambiguous.is_empty() {
            return;
        }
        for family in &self.families {
            let Ok(mut f) = family.write() else {
                continue;
            };
            for name in &ambiguous {
                f.all.retire(name);
            }
            f.stale += ambiguous.len();
            if f.snapshot.is_some() && f.stale >= 16 + f.all.len() / 8 {
                f.snapshot = Some(Arc::new(f.all.clone()));
                f.stale = 0;
            }
        }
    }

    /// The names defined more than `MAX_DEFINITIONS` times in the files of the run.
    pub fn ambiguous(&self) -> rustc_hash::FxHashSet<String> {
        self.definitions
            .lock()
            .map(|d| {
                d.iter()
                    .filter(|(_, n)| **n > MAX_DEFINITIONS)
                    .map(|(name, _)| name.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Add names; the snapshot follows (see `ALWAYS_SNAPSHOT`), or at once with `now`.
    pub fn add(&self, family: usize, found: impl IntoIterator<Item = String>, now: bool) {
        let Ok(mut f) = self.families[family].write() else {
            return;
        };
        let before = f.all.len();
        for name in found {
            f.all.push(&name);
        }
        let len = f.all.len();
        let taken = f.snapshot.as_ref().map_or(0, |s| s.len());
        if len > before && (now || len <= ALWAYS_SNAPSHOT || len >= taken + taken / 4) {
            f.snapshot = Some(Arc::new(f.all.clone()));
            f.stale = 0;
        }
    }
}

/// How far a chain name may be from the pin, in calls: a chain is at most
/// `MAX_EDGES` calls long, so only names this close have callers worth parsing (the
/// function holding the loop is one call further up).
pub const MAX_NAME_DEPTH: usize = MAX_EDGES - 1;

/// Chain names, each with its distance in calls from a function that pins.
pub type Depths = HashMap<String, usize>;

/// A file's own chain names: functions that pin (depth 0), and the functions of the same
/// file that call those, up to `MAX_NAME_DEPTH`.
pub fn of_model(model: &FileModel) -> Depths {
    let mut names = Depths::new();
    for ev in &model.events {
        let f = &model.functions[ev.function];
        if ev.kind.pins() && f.kind == FunctionKind::Function && !f.name.is_empty() {
            names.insert(f.name.clone(), 0);
            // Constructors are called by their class's name.
            if let Some(class) = &f.class
                && f.name == "__init__"
            {
                names.insert(class.clone(), 0);
            }
        }
    }
    callers(std::iter::once(model), &mut names);
    names
}

/// Add to `names` the functions that call one of them, one call further from the pin,
/// up to `MAX_NAME_DEPTH` (a name keeps its shortest distance).
pub fn callers<'m>(models: impl Iterator<Item = &'m FileModel> + Clone, names: &mut Depths) {
    loop {
        let mut changed = false;
        for model in models.clone() {
            for call in &model.calls {
                let f = &model.functions[call.function];
                let Some(&d) = names.get(&call.callee) else {
                    continue;
                };
                if d >= MAX_NAME_DEPTH || f.kind != FunctionKind::Function || f.name.is_empty() {
                    continue;
                }
                match names.get_mut(&f.name) {
                    Some(e) if *e <= d + 1 => {}
                    Some(e) => {
                        *e = d + 1;
                        changed = true;
                    }
                    None => {
                        names.insert(f.name.clone(), d + 1);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_grow_in_order_and_snapshots_cover_a_prefix() {
        let live = LiveNames::default();
        assert!(live.snapshot(0).is_none());
        live.add(0, ["stage".to_string(), "pin_all".to_string()], false);
        live.add(0, ["stage".to_string()], false);
        assert_eq!(live.len(0), 2);
        let snap = live.snapshot(0).expect("a snapshot");
        assert_eq!(snap.len(), 2);
        assert!(snap.mentioned_in(b"x = pin_all(b)", 0, 2));
        // `pin_all` is generation 1: not among names `0..1`, nor `2..`.
        assert!(!snap.mentioned_in(b"x = pin_all(b)", 0, 1));
        assert!(!snap.mentioned_in(b"x = pin_all(b)", 2, 2));
        assert!(snap.contains("stage", 1));
        assert!(!snap.contains("pin_all", 1));
        assert_eq!(live.len(1), 0);
    }

    #[test]
    fn only_whole_identifiers_match() {
        let names = NameSet::from_names(&["__gt", "gt", "stage", "stage_batch"]);
        let n = names.len();
        assert!(!names.mentioned_in(b"__gthread_once(); x->gts;", 0, n));
        assert!(names.mentioned_in(b"__gthread_once(); __gt();", 0, n));
        let chain = NameSet::from_names(&["stage_batch"]);
        assert!(chain.mentioned_in(b"x = stage_batch(b)", 0, 1));
        assert!(!chain.mentioned_in(b"x = stage_batches(b)", 0, 1));
        assert!(!chain.mentioned_in(b"x = 2stage_batch", 0, 1));
        // Non-ASCII letters continue an identifier.
        let gr = NameSet::from_names(&["gr"]);
        assert!(!gr.mentioned_in("größe(x)".as_bytes(), 0, 1));
        assert!(gr.mentioned_in("x = gr(größe)".as_bytes(), 0, 1));
    }

    #[test]
    fn templates_match_by_their_name_and_other_names_never() {
        assert_eq!(key("foo<int>"), b"foo");
        assert_eq!(key("operator()"), b"");
        assert_eq!(key("~Buffer"), b"");
        assert_eq!(key("()"), b"");
        assert_eq!(key("#endif\nstatic int f"), b"");
        let set = NameSet::from_names(&["stage<int>", "()"]);
        assert!(set.mentioned_in(b"stage<int>(b);", 0, 2));
        assert!(!set.mentioned_in(b"(x)", 0, 2));
    }

    #[test]
    fn stored_identifiers_screen_for_newer_names() {
        let mut scratch = Vec::new();
        let text = b"def step(b):\n    return stage(b)\n";
        let idents = Scan::of(text, Language::Python, &mut scratch).idents;
        let mut set = NameSet::from_names(&["other"]);
        assert!(!set.may_mention(&idents, 0));
        set.push("stage");
        assert!(set.may_mention(&idents, 0));
        assert!(set.may_mention(&idents, 1));
        assert!(!set.may_mention(&idents, 2));
    }

    fn defines(text: &str, lang: Language) -> Vec<String> {
        Scan::of(text.as_bytes(), lang, &mut Vec::new())
            .defines
            .iter()
            .map(|d| String::from_utf8_lossy(d).into_owned())
            .collect()
    }

    #[test]
    fn definitions_are_counted_lexically() {
        let py = "def stage(b):\n    return pin(b)\nasync def  fetch():\n    x = define(1)\n";
        assert_eq!(defines(py, Language::Python), ["stage", "fetch"]);
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
}
