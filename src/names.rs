//! Names of functions that pin (or call a function that does): a file that mentions one
//! may hold the loop at the top of a call chain. They are collected while the first pass
//! runs, in the order found, so a file read after a name was known is checked for it
//! then; only files read before need a second look, and only for the newer names.

use std::collections::HashSet;
use std::sync::{Arc, RwLock};

use crate::model::{FileModel, FunctionKind, Language};
use crate::prefilter::Prefilter;

/// Languages whose functions call each other by name: Python; C, C++ and CUDA; Rust.
pub const FAMILIES: usize = 3;

pub fn family(l: Language) -> usize {
    match l {
        Language::Python => 0,
        Language::C | Language::Cpp | Language::Cuda => 1,
        Language::Rust => 2,
    }
}

/// Up to this many names, the matcher is rebuilt for every new one; beyond, when the list
/// has grown by a quarter (a stale matcher only means a later second look).
const ALWAYS_REBUILD: usize = 64;

#[derive(Default)]
struct Family {
    /// In the order found; a file's "generation" is how many of these it was checked for.
    names: Vec<String>,
    known: HashSet<String>,
    /// A matcher for `names[..generation]`.
    matcher: Option<(Arc<Prefilter>, usize)>,
}

/// The names found so far, shared by the threads of a pass.
#[derive(Default)]
pub struct LiveNames {
    families: [RwLock<Family>; FAMILIES],
}

impl LiveNames {
    /// The matcher to check a file with now, and the generation it stands for.
    pub fn matcher(&self, family: usize) -> (Option<Arc<Prefilter>>, usize) {
        match self.families[family].read() {
            Ok(f) => match &f.matcher {
                Some((m, generation)) => (Some(Arc::clone(m)), *generation),
                None => (None, 0),
            },
            Err(_) => (None, 0),
        }
    }

    /// The first `generation` names of a family.
    pub fn names(&self, family: usize, generation: usize) -> Vec<String> {
        self.families[family]
            .read()
            .map(|f| f.names[..generation.min(f.names.len())].to_vec())
            .unwrap_or_default()
    }

    /// The names of a family from `generation` on.
    pub fn since(&self, family: usize, generation: usize) -> Vec<String> {
        self.families[family]
            .read()
            .map(|f| f.names.get(generation..).unwrap_or_default().to_vec())
            .unwrap_or_default()
    }

    pub fn len(&self, family: usize) -> usize {
        self.families[family]
            .read()
            .map(|f| f.names.len())
            .unwrap_or(0)
    }

    /// Add names; the matcher follows (see `ALWAYS_REBUILD`), or at once with `now`.
    pub fn add(&self, family: usize, found: impl IntoIterator<Item = String>, now: bool) {
        let Ok(mut f) = self.families[family].write() else {
            return;
        };
        let before = f.names.len();
        for name in found {
            if f.known.insert(name.clone()) {
                f.names.push(name);
            }
        }
        let len = f.names.len();
        let built = f.matcher.as_ref().map_or(0, |(_, g)| *g);
        if len > before && (now || len <= ALWAYS_REBUILD || len >= built + built / 4) {
            let matcher = Arc::new(Prefilter::from_names(&f.names));
            f.matcher = Some((matcher, len));
        }
    }
}

/// A file's own chain names: functions that pin, and the functions of the same file that
/// call those (to a fixed point).
pub fn of_model(model: &FileModel) -> HashSet<String> {
    let mut names = HashSet::new();
    for ev in &model.events {
        let f = &model.functions[ev.function];
        if ev.kind.pins() && f.kind == FunctionKind::Function && !f.name.is_empty() {
            names.insert(f.name.clone());
            // Constructors are called by their class's name.
            if let Some(class) = &f.class
                && f.name == "__init__"
            {
                names.insert(class.clone());
            }
        }
    }
    callers(std::iter::once(model), &mut names);
    names
}

/// Add to `names` the functions that call one of them, to a fixed point.
pub fn callers<'m>(
    models: impl Iterator<Item = &'m FileModel> + Clone,
    names: &mut HashSet<String>,
) {
    loop {
        let before = names.len();
        for model in models.clone() {
            for call in &model.calls {
                let f = &model.functions[call.function];
                if f.kind == FunctionKind::Function
                    && !f.name.is_empty()
                    && names.contains(&call.callee)
                {
                    names.insert(f.name.clone());
                }
            }
        }
        if names.len() == before {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_grow_in_order_and_matchers_cover_a_prefix() {
        let live = LiveNames::default();
        assert_eq!(live.matcher(0).1, 0);
        live.add(0, ["stage".to_string(), "pin_all".to_string()], false);
        live.add(0, ["stage".to_string()], false);
        assert_eq!(live.len(0), 2);
        let (m, generation) = live.matcher(0);
        assert_eq!(generation, 2);
        assert!(m.is_some_and(|m| m.admits(b"x = pin_all(b)")));
        assert_eq!(live.since(0, 1), ["pin_all"]);
        assert_eq!(live.names(0, 1), ["stage"]);
        assert_eq!(live.len(1), 0);
    }
}
