//! Per-batch entry points: functions that run once per sample, batch or step (by the
//! names in `rules/entry_points.toml`, or handed over as `collate_fn=`), and the chains of
//! calls from them down to a pin.

use std::collections::{HashMap, HashSet};

use super::chains::{Chain, chains_from, reaches};
use super::index::{CallRef, FnRef};
use super::view::ProjectContext;
use crate::catalog::EntryPoints;
use crate::model::{Class, Function, FunctionKind};

/// Why `f` runs once per sample or batch, if it does.
pub fn per_batch_reason(
    entry: &EntryPoints,
    f: &Function,
    classes: &[Class],
    passed: &HashMap<&str, &str>,
) -> Option<String> {
    match f.kind {
        FunctionKind::Lambda => {
            let keyword = f.passed_as.as_deref()?;
            let reason = entry.passed_reason(keyword)?;
            return Some(format!("this lambda {reason}"));
        }
        FunctionKind::TopLevel => return None,
        FunctionKind::Function => {}
    }
    let named = |reason: &str| Some(format!("`{}` {reason}", f.name));
    for e in &entry.entries {
        if !e.matches_name(&f.name) {
            continue;
        }
        let class = f.class.as_deref();
        if e.in_class && class.is_none() {
            continue;
        }
        if e.module_method && !class.is_some_and(|c| is_module(entry, c, classes)) {
            continue;
        }
        return named(&e.reason);
    }
    if let Some(reason) = passed.get(f.name.as_str()) {
        return named(reason);
    }
    None
}

/// Does `class` derive (within its file) from one of the module bases?
fn is_module(entry: &EntryPoints, class: &str, classes: &[Class]) -> bool {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut todo = vec![class];
    while let Some(c) = todo.pop() {
        if !seen.insert(c) {
            continue;
        }
        for k in classes.iter().filter(|k| k.name == c) {
            for base in &k.bases {
                if entry.module_bases.iter().any(|m| m == base) {
                    return true;
                }
                todo.push(base);
            }
        }
    }
    false
}

/// Functions handed over as `collate_fn=name` anywhere in the run: name → why per batch.
pub fn passed_functions<'a>(pc: &ProjectContext<'a>) -> HashMap<&'a str, &'a str> {
    let entry = &pc.catalog.entry_points;
    let mut passed: HashMap<&str, &str> = HashMap::new();
    for f in &pc.index.files {
        for (keyword, name) in &f.model.passed_functions {
            if let Some(reason) = entry.passed_reason(keyword) {
                passed.entry(name.as_str()).or_insert(reason);
            }
        }
    }
    passed
}

/// The shortest chain of calls from a per-batch function down to `target`, if any.
pub fn per_batch_chain(
    pc: &ProjectContext,
    passed: &HashMap<&str, &str>,
    target: FnRef,
    ev: &crate::model::Event,
) -> Option<Chain> {
    let entry = &pc.catalog.entry_points;
    let per_batch_caller = |c: CallRef| {
        let site = pc.index.call(c);
        let model = &pc.index.files[c.file].model;
        per_batch_reason(
            entry,
            &model.functions[site.function],
            &model.classes,
            passed,
        )
        .is_some()
    };
    chains_from(pc, target, &per_batch_caller)
        .into_iter()
        .find(|chain| {
            chain
                .last()
                .is_none_or(|&c| reaches(pc, c, ev, target.file))
        })
}
