//! Per-batch entry points: functions that run once per sample, batch or step (by the
//! names in `rules/entry_points.toml`, or handed over as `collate_fn=`, as a hook, as a
//! C-family callback), and the chains of calls from them down to a pin.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::chains::{Chain, chains_from, reaches};
use super::index::{CallRef, FnRef};
use super::view::ProjectContext;
use crate::catalog::{ROUTE_PREFIX, glob};
use crate::model::{Class, FunctionKind, Language};

/// Functions handed over to something that calls them per batch or per event, by
/// (is Python, name): why they run that often.
pub type Passed<'a> = HashMap<(bool, Cow<'a, str>), String>;

/// Why `f` (of a file in `language`) runs once per sample, batch or event, if it does.
/// Entry-point names apply to the languages their entry names (Python by default);
/// functions handed over (`collate_fn=`, a hook, a C-family callback) to every language.
pub fn per_batch_reason(pc: &ProjectContext, at: FnRef, passed: &Passed) -> Option<String> {
    let file = &pc.index.files[at.file];
    let entry = &pc.catalog.entry_points;
    let (f, classes, language) = (
        &file.model.functions[at.func],
        &file.model.classes[..],
        file.language,
    );
    let python = language == Language::Python;
    match f.kind {
        FunctionKind::Lambda => {
            let keyword = f.passed_as.as_deref().filter(|_| python)?;
            let reason = entry.passed_reason(keyword, language)?;
            return Some(format!("this lambda {reason}"));
        }
        FunctionKind::TopLevel => return None,
        FunctionKind::Function => {}
    }
    let named = |reason: &str| Some(format!("`{}` {reason}", f.name));
    for e in entry.entries.iter().filter(|e| e.applies_to(language)) {
        if !e.matches_name(&f.name) {
            continue;
        }
        let class = f.class.as_deref();
        if e.in_class && class.is_none() {
            continue;
        }
        if e.module_method && !class.is_some_and(|c| derives(&entry.module_bases, c, classes)) {
            continue;
        }
        if !e.bases.is_empty() && !class.is_some_and(|c| derives(&e.bases, c, classes)) {
            continue;
        }
        if !e.classes.is_empty() && !class.is_some_and(|c| e.classes.iter().any(|p| glob(p, c))) {
            continue;
        }
        // Known to run per step only where no caller says otherwise.
        // (Never a constructor or another special method: Python calls those itself.)
        if e.uncalled && (f.name.starts_with("__") || !pc.index.callers(at).is_empty()) {
            continue;
        }
        return named(&e.reason);
    }
    // `@app.post("/score") async def score(..)`: the decorated function itself.
    if let Some(reason) = f
        .passed_as
        .as_deref()
        .filter(|k| python && k.starts_with(ROUTE_PREFIX))
        .and_then(|k| entry.passed_reason(k, language))
    {
        return named(&reason);
    }
    if let Some(reason) = passed.get(&(python, Cow::Borrowed(f.name.as_str()))) {
        return named(reason);
    }
    if let Some(class) = &f.class
        && let Some(reason) =
            passed.get(&(python, Cow::Owned(crate::model::qualified(class, &f.name))))
    {
        let sep = if python { "." } else { "::" };
        return Some(format!("`{class}{sep}{}` {reason}", f.name));
    }
    None
}

/// Does `class` derive (within its file) from a base one of `bases` matches?
fn derives(bases: &[String], class: &str, classes: &[Class]) -> bool {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut todo = vec![class];
    while let Some(c) = todo.pop() {
        if !seen.insert(c) {
            continue;
        }
        for k in classes.iter().filter(|k| k.name == c) {
            for base in &k.bases {
                if bases.iter().any(|m| glob(m, base)) {
                    return true;
                }
                todo.push(base);
            }
        }
    }
    false
}

/// Functions handed over as `collate_fn=name`, to a hook or to a C-family callback
/// registration anywhere in the run: (is Python, name) → why per batch or per event.
pub fn passed_functions<'a>(pc: &ProjectContext<'a>) -> Passed<'a> {
    let entry = &pc.catalog.entry_points;
    let mut passed = Passed::new();
    for (f_index, f) in pc.index.files.iter().enumerate() {
        let python = f.language == Language::Python;
        for (keyword, name) in &f.model.passed_functions {
            if !passed.contains_key(&(python, Cow::Borrowed(name.as_str())))
                && let Some(reason) = if python || keyword.starts_with(ROUTE_PREFIX) {
                    entry.passed_reason(keyword, f.language)
                } else {
                    entry.callback_reason(keyword, f.language)
                }
            {
                passed.insert((python, Cow::Borrowed(name.as_str())), reason);
            }
        }
        // What a factory's call hands over (`collate_fn=make_collate(cfg)` with `return
        // partial(collate_windows, ..)`): the functions it returns.
        for (keyword, factory) in &f.model.passed_made {
            let Some(reason) = entry.passed_reason(keyword, f.language) else {
                continue;
            };
            for d in pc.index.free_functions(factory, f_index) {
                for t in pc.index.handed_back(d) {
                    let name = pc.index.function(t).name.as_str();
                    passed
                        .entry((python, Cow::Borrowed(name)))
                        .or_insert(reason.clone());
                }
            }
        }
        // The elements of a container handed over (`pool.map(fn, xs)` in `for fn in fns`).
        for (keyword, key) in &f.model.passed_elements {
            let Some(reason) = entry.passed_reason(keyword, f.language) else {
                continue;
            };
            for t in pc.index.element_functions(key) {
                let name = pc.index.function(*t).name.as_str();
                passed
                    .entry((python, Cow::Borrowed(name)))
                    .or_insert(reason.clone());
            }
        }
        // A parameter passed on (`collate_fn=collate` in `make_loader(ds, collate)`): the
        // objects its callers hand over, by their class's `__call__`.
        for (keyword, func, param) in &f.model.passed_params {
            let Some(reason) = entry.passed_reason(keyword, f.language) else {
                continue;
            };
            let at = FnRef {
                file: f_index,
                func: *func,
            };
            for class in pc.index.param_objects(at, param) {
                let name = crate::model::qualified(class, "__call__");
                passed
                    .entry((python, Cow::Owned(name)))
                    .or_insert(reason.clone());
            }
        }
        // A factory's returned closures, handed over by calling the factory.
        let model = &f.model;
        for (keyword, factory) in &model.passed_factories {
            let Some(reason) = entry.passed_reason(keyword, f.language) else {
                continue;
            };
            for &(outer, inner) in &model.returned_functions {
                if model.functions[outer].name == *factory {
                    let name = model.functions[inner].name.as_str();
                    passed
                        .entry((python, Cow::Borrowed(name)))
                        .or_insert(reason.clone());
                }
            }
        }
    }
    passed
}

/// The shortest chain of calls from a per-batch function down to `target` (that can
/// reach `ev` in it, when given), if any.
pub fn per_batch_chain(
    pc: &ProjectContext,
    passed: &Passed,
    target: FnRef,
    ev: Option<&crate::model::Event>,
) -> Option<Chain> {
    per_batch_chains(pc, passed, target, ev).into_iter().next()
}

/// Every chain (shortest first, at most three) of calls from a per-batch
/// function down to `target` (that can reach `ev` in it, when given).
pub fn per_batch_chains(
    pc: &ProjectContext,
    passed: &Passed,
    target: FnRef,
    ev: Option<&crate::model::Event>,
) -> Vec<Chain> {
    let per_batch_caller = |c: CallRef| {
        let func = pc.index.call(c).function;
        per_batch_reason(pc, FnRef { file: c.file, func }, passed).is_some()
    };
    chains_from(pc, target, &per_batch_caller)
        .into_iter()
        .filter(|chain| {
            chain
                .last()
                .is_none_or(|&c| ev.is_none_or(|ev| reaches(pc, c, ev, target.file)))
        })
        .collect()
}
