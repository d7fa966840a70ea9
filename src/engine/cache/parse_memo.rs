//! The parse memo: what a front end built from a file (its model, and which of its items it
//! parsed), kept from one run to the next by the file's content.
//!
//! A parse is a pure function of the file's text, its identifiers, the catalog, the items
//! parsed before (`Plan::parsed`), and the answers the lazy parse got from the chain names
//! of other files (`frontend::KnownNames`: is this name known, does this item mention
//! one). The key holds the first ones; the answers are recorded while the parse runs, by a
//! `Recorder` standing between the front end and the names. An entry is used only when
//! every recorded question, asked again of this run's names, gets the same answer: then the
//! parse would ask the same questions and build the same model. So what a file contributes
//! may depend on the other files (a chain name found elsewhere makes one more of its items
//! parsed) and the memo is still never stale: a different answer is a miss, and the file is
//! parsed again. A key keeps a few entries (the lazy parse of one file can go several ways
//! with what the rest of the run found).

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::store::Key;
use crate::catalog::Catalog;
use crate::engine::parse::build_plain;
use crate::engine::state::{Built, Call};
use crate::frontend::items::Plan;
use crate::frontend::{KnownNames, Parsers, Seed, Wanted};
use crate::model::FileModel;
use crate::scan::idents::Idents;

/// At most this many entries are kept per key.
const VARIANTS: usize = 4;
/// An entry no run used is dropped after this many runs.
const MAX_AGE: u8 = 8;

/// Parse what `call` asks for, through `memo`.
pub(super) fn build(
    memo: &ParseMemo,
    call: &Call,
    catalog: &Catalog,
    parsers: &mut Parsers,
) -> Result<Built, String> {
    let key = key_of(call);
    if let Some(hit) = memo.lookup(&key, call) {
        memo.hits.fetch_add(1, Ordering::Relaxed);
        return hit;
    }
    memo.misses.fetch_add(1, Ordering::Relaxed);
    let log = Mutex::new(Log::new(call.text.as_bytes()));
    let hot_rec;
    let hot = match call.hot {
        Wanted::Names { set, since, upto } => {
            hot_rec = Recorder {
                inner: set,
                seed: false,
                since,
                upto,
                idents: call.idents,
                log: &log,
            };
            Wanted::Names {
                set: &hot_rec,
                since,
                upto,
            }
        }
        apis @ Wanted::Apis(_) => apis,
    };
    let seed_rec;
    let seed = match call.seed {
        Some((set, upto)) => {
            seed_rec = Recorder {
                inner: set,
                seed: true,
                since: 0,
                upto,
                idents: call.idents,
                log: &log,
            };
            Seed::new(&seed_rec, upto)
        }
        None => Seed::NONE,
    };
    let built = build_plain(call, hot, seed, catalog, parsers);
    let log = log.into_inner().unwrap_or_else(|e| e.into_inner());
    if !log.broken
        && let Some(blob) = encode(log.queries, &built)
    {
        memo.keep(key, Used::New(blob));
    }
    built
}

/// The key of a parse: everything it depends on except the names' answers.
fn key_of(call: &Call) -> Key {
    let mut h = Sha256::new();
    h.update(b"parse\0");
    h.update(Sha256::digest(call.text.as_bytes()));
    h.update([call.lang as u8, u8::from(call.whole)]);
    // The identifiers (a Python file's depend on its folder, not only its text).
    h.update((call.idents.0.len() as u64).to_le_bytes());
    for i in call.idents.0.iter() {
        h.update(i.to_le_bytes());
    }
    match call.hot {
        Wanted::Apis(_) => h.update([0]),
        Wanted::Names { since, .. } => h.update([1, u8::from(since == 0)]),
    }
    h.update([u8::from(call.seed.is_some())]);
    match call.plan {
        None => h.update([0]),
        Some(plan) => {
            h.update([1]);
            h.update((plan.parsed.len() as u64).to_le_bytes());
            h.update(
                plan.parsed
                    .iter()
                    .map(|&p| u8::from(p))
                    .collect::<Vec<u8>>(),
            );
        }
    }
    h.finalize().into()
}

/// A question the lazy parse asked of the chain names, and the answer.
#[derive(Serialize, Deserialize)]
struct Query {
    /// Asked of the seed (else of what the file was admitted for).
    seed: bool,
    ask: Ask,
    answer: bool,
}

#[derive(Serialize, Deserialize)]
enum Ask {
    Contains(String),
    /// A word of the file, by its byte range.
    Matches(u32, u32),
    /// Part of the file, by its byte range.
    MentionedIn(u32, u32),
    MayMention,
}

/// The questions one parse asked, each once.
struct Log<'t> {
    text: &'t [u8],
    queries: Vec<Query>,
    asked: FxHashMap<(bool, u8, &'t [u8]), bool>,
    names: FxHashMap<(bool, String), bool>,
    /// A question the memo cannot replay (none today): the parse is not kept.
    broken: bool,
}

impl<'t> Log<'t> {
    fn new(text: &'t [u8]) -> Log<'t> {
        Log {
            text,
            queries: Vec::new(),
            asked: FxHashMap::default(),
            names: FxHashMap::default(),
            broken: false,
        }
    }

    /// `part`'s range in the text, if it lies in it.
    fn range(&self, part: &[u8]) -> Option<(u32, u32)> {
        let at = (part.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        let end = at.checked_add(part.len())?;
        if end > self.text.len() {
            return None;
        }
        Some((u32::try_from(at).ok()?, u32::try_from(part.len()).ok()?))
    }
}

/// The names, as the lazy parse sees them, with every question recorded.
struct Recorder<'r, 't> {
    inner: &'r dyn KnownNames,
    seed: bool,
    since: usize,
    upto: usize,
    idents: &'r Idents,
    log: &'r Mutex<Log<'t>>,
}

impl<'t> Recorder<'_, 't> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Log<'t>> {
        self.log.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ask a question about part of the text (kind 0: a word, 1: a passage).
    fn about(
        &self,
        kind: u8,
        part: &[u8],
        file: &Idents,
        since: usize,
        ask: impl FnOnce() -> bool,
    ) -> bool {
        let mut log = self.lock();
        let range = log.range(part);
        let (Some((at, len)), true) = (range, std::ptr::eq(file, self.idents)) else {
            log.broken = true;
            drop(log);
            return ask();
        };
        if since != self.since {
            log.broken = true;
        }
        let text = log.text;
        let start = at as usize;
        let own = &text[start..start + len as usize];
        if let Some(&answer) = log.asked.get(&(self.seed, kind, own)) {
            return answer;
        }
        let answer = ask();
        log.asked.insert((self.seed, kind, own), answer);
        let ask = if kind == 0 {
            Ask::Matches(at, len)
        } else {
            Ask::MentionedIn(at, len)
        };
        log.queries.push(Query {
            seed: self.seed,
            ask,
            answer,
        });
        answer
    }
}

impl KnownNames for Recorder<'_, '_> {
    fn contains(&self, name: &str, upto: usize) -> bool {
        let mut log = self.lock();
        if upto != self.upto {
            log.broken = true;
        }
        let key = (self.seed, name.to_string());
        if let Some(&answer) = log.names.get(&key) {
            return answer;
        }
        let answer = self.inner.contains(name, upto);
        log.names.insert(key, answer);
        log.queries.push(Query {
            seed: self.seed,
            ask: Ask::Contains(name.to_string()),
            answer,
        });
        answer
    }

    fn matches(&self, word: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        if upto != self.upto {
            self.lock().broken = true;
        }
        self.about(0, word, file, since, || {
            self.inner.matches(word, file, since, upto)
        })
    }

    fn mentioned_in(&self, text: &[u8], file: &Idents, since: usize, upto: usize) -> bool {
        if upto != self.upto {
            self.lock().broken = true;
        }
        self.about(1, text, file, since, || {
            self.inner.mentioned_in(text, file, since, upto)
        })
    }

    fn may_mention(&self, idents: &Idents, since: usize) -> bool {
        let answer = self.inner.may_mention(idents, since);
        let mut log = self.lock();
        if since != self.since || !std::ptr::eq(idents, self.idents) {
            log.broken = true;
        }
        log.queries.push(Query {
            seed: self.seed,
            ask: Ask::MayMention,
            answer,
        });
        answer
    }
}

/// Do this run's names answer every recorded question as before?
fn replays(queries: &[Query], call: &Call) -> bool {
    let text = call.text.as_bytes();
    queries.iter().all(|q| {
        let (set, since, upto) = match (q.seed, call.seed, call.hot) {
            (true, Some((set, upto)), _) => (set, 0, upto),
            (false, _, Wanted::Names { set, since, upto }) => (set, since, upto),
            _ => return false,
        };
        let part = |at: u32, len: u32| {
            let start = at as usize;
            text.get(start..start.saturating_add(len as usize))
        };
        let answer = match &q.ask {
            Ask::Contains(name) => set.contains(name, upto),
            Ask::Matches(at, len) => match part(*at, *len) {
                Some(word) => set.matches(word, call.idents, since, upto),
                None => return false,
            },
            Ask::MentionedIn(at, len) => match part(*at, *len) {
                Some(passage) => set.mentioned_in(passage, call.idents, since, upto),
                None => return false,
            },
            Ask::MayMention => set.may_mention(call.idents, since),
        };
        answer == q.answer
    })
}

/// An entry: the questions, then what was built (decoded only when they replay).
#[derive(Serialize, Deserialize)]
struct Entry<'a> {
    queries: Vec<Query>,
    #[serde(borrow)]
    built: &'a [u8],
}

#[derive(Serialize)]
struct BuiltOut<'a> {
    model: &'a FileModel,
    parsed: Option<&'a [bool]>,
    parsed_any: bool,
}

#[derive(Deserialize)]
struct BuiltIn {
    model: FileModel,
    parsed: Option<Vec<bool>>,
    parsed_any: bool,
}

fn encode(queries: Vec<Query>, built: &Result<Built, String>) -> Option<Vec<u8>> {
    let out: Result<BuiltOut, &str> = match built {
        Ok(b) => Ok(BuiltOut {
            model: &b.model,
            parsed: b.plan.as_ref().map(|p| p.parsed.as_slice()),
            parsed_any: b.parsed_any,
        }),
        Err(e) => Err(e.as_str()),
    };
    let built = postcard::to_stdvec(&out).ok()?;
    postcard::to_stdvec(&Entry {
        queries,
        built: &built,
    })
    .ok()
}

/// A stored entry (key, runs since it was last used, the entry's bytes).
#[derive(Serialize, Deserialize)]
struct Stored<'a> {
    key: Key,
    age: u8,
    #[serde(borrow)]
    entry: &'a [u8],
}

/// An entry this run used: read from the file (its range in it) or made now.
enum Used {
    Old(Range<usize>),
    New(Vec<u8>),
}

/// The memo a run reads from and adds to.
pub(super) struct ParseMemo {
    body: Vec<u8>,
    /// Key → (age, range of the entry in `body`), most recently used first.
    old: FxHashMap<Key, Vec<(u8, Range<usize>)>>,
    used: Mutex<FxHashMap<Key, Vec<Used>>>,
    pub(super) hits: AtomicUsize,
    pub(super) misses: AtomicUsize,
}

impl ParseMemo {
    pub(super) fn empty() -> ParseMemo {
        ParseMemo {
            body: Vec::new(),
            old: FxHashMap::default(),
            used: Mutex::new(FxHashMap::default()),
            hits: AtomicUsize::new(0),
            misses: AtomicUsize::new(0),
        }
    }

    /// The memo a cache file's body holds; `None` when it cannot be read.
    pub(super) fn decode(body: Vec<u8>) -> Option<ParseMemo> {
        let base = body.as_ptr() as usize;
        let mut old: FxHashMap<Key, Vec<(u8, Range<usize>)>> = FxHashMap::default();
        {
            let stored: Vec<Stored> = postcard::from_bytes(&body).ok()?;
            for s in stored {
                let at = (s.entry.as_ptr() as usize).checked_sub(base)?;
                let end = at.checked_add(s.entry.len())?;
                if end > body.len() {
                    return None;
                }
                old.entry(s.key).or_default().push((s.age, at..end));
            }
        }
        Some(ParseMemo {
            body,
            old,
            ..ParseMemo::empty()
        })
    }

    fn keep(&self, key: Key, entry: Used) {
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let list = used.entry(key).or_default();
        list.insert(0, entry);
        list.truncate(VARIANTS);
    }

    /// A stored parse of `call` whose questions replay.
    fn lookup(&self, key: &Key, call: &Call) -> Option<Result<Built, String>> {
        for (_, range) in self.old.get(key)? {
            let Some(bytes) = self.body.get(range.clone()) else {
                continue;
            };
            let Ok(entry) = postcard::from_bytes::<Entry>(bytes) else {
                continue;
            };
            if !replays(&entry.queries, call) {
                continue;
            }
            let Ok(built) = postcard::from_bytes::<Result<BuiltIn, String>>(entry.built) else {
                continue;
            };
            let built = match built {
                Ok(b) => b,
                Err(e) => {
                    self.keep(*key, Used::Old(range.clone()));
                    return Some(Err(e));
                }
            };
            let plan = match built.parsed {
                Some(parsed) => {
                    let mut plan = call
                        .plan
                        .cloned()
                        .unwrap_or_else(|| Plan::new(call.text, call.lang));
                    if plan.parsed.len() != parsed.len() {
                        continue;
                    }
                    plan.parsed = parsed;
                    Some(plan)
                }
                None if call.whole => None,
                None => continue,
            };
            self.keep(*key, Used::Old(range.clone()));
            return Some(Ok(Built {
                model: built.model,
                plan,
                parsed_any: built.parsed_any,
            }));
        }
        None
    }

    /// What to write back: this run's entries, then older ones still young enough.
    pub(super) fn encode(&self) -> Option<Vec<u8>> {
        let used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let mut stored: Vec<Stored> = Vec::new();
        for (key, list) in used.iter() {
            for u in list {
                let entry = match u {
                    Used::Old(r) => self.body.get(r.clone())?,
                    Used::New(bytes) => bytes.as_slice(),
                };
                stored.push(Stored {
                    key: *key,
                    age: 0,
                    entry,
                });
            }
            // Other ways the same parse went, not taken this time.
            let mut room = VARIANTS.saturating_sub(list.len());
            for (age, r) in self.old.get(key).into_iter().flatten() {
                let taken = list.iter().any(|u| matches!(u, Used::Old(o) if o == r));
                if room == 0 || taken || *age >= MAX_AGE {
                    continue;
                }
                room -= 1;
                stored.push(Stored {
                    key: *key,
                    age: age + 1,
                    entry: self.body.get(r.clone())?,
                });
            }
        }
        for (key, list) in &self.old {
            if used.contains_key(key) {
                continue;
            }
            for (age, r) in list {
                if *age < MAX_AGE {
                    stored.push(Stored {
                        key: *key,
                        age: age + 1,
                        entry: self.body.get(r.clone())?,
                    });
                }
            }
        }
        postcard::to_stdvec(&stored).ok()
    }

    /// Did this run add or use anything (else the file need not be written again)?
    pub(super) fn changed(&self) -> bool {
        self.misses.load(Ordering::Relaxed) > 0
    }
}
