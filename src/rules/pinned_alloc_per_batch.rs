//! GT201 pinned-alloc-per-batch.

use std::collections::{HashMap, HashSet};

use super::pinned_alloc_via_call_in_loop::{Chain, chains_from, display_name};
use super::pricing::{self, call_text, repetition};
use super::{Applies, ProjectContext, RuleInfo};
use crate::catalog::{ApiKind, EntryPoints};
use crate::finding::{Finding, Label, Severity};
use crate::index::{CallRef, FnRef};
use crate::model::{Class, Function, FunctionKind, Language};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT201",
    name: "pinned-alloc-per-batch",
    severity: Severity::Warning,
    summary: "a pinned allocation in a function that runs once per sample or batch (`__getitem__`, `__next__`, a collate function, `training_step`, ..), or in a helper it calls",
    doc: include_str!("pinned_alloc_per_batch.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python",
};

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
                .is_none_or(|&c| super::frequency::reaches(pc, c, ev, target.file))
        })
}

pub fn check(pc: &ProjectContext, skip: &HashSet<(usize, usize)>, out: &mut Vec<Finding>) {
    let entry = &pc.catalog.entry_points;
    let passed = passed_functions(pc);
    for (file, f) in pc.index.files.iter().enumerate() {
        if f.language != Language::Python {
            continue;
        }
        let ctx = pc.file_context(file);
        for (i, ev) in f.model.events.iter().enumerate() {
            if !matches!(ev.kind, ApiKind::Alloc | ApiKind::PinCopy)
                || ev.innermost_loop.is_some()
                || ev.guarded_once
                || skip.contains(&(file, i))
            {
                continue;
            }
            let function = &f.model.functions[ev.function];
            let direct = per_batch_reason(entry, function, &f.model.classes, &passed);
            // Else a helper that a per-batch function calls (through up to 3 others).
            let chain = match (&direct, function.kind) {
                (None, FunctionKind::Function) => {
                    let target = FnRef {
                        file,
                        func: ev.function,
                    };
                    per_batch_chain(pc, &passed, target, ev)
                }
                _ => None,
            };
            let (reason, labels, route) = match (direct, chain) {
                (Some(reason), _) => {
                    let label_span = if function.kind == FunctionKind::Lambda {
                        function.span
                    } else {
                        function.name_span
                    };
                    let labels = vec![Label::new(None, label_span, reason.clone(), false)];
                    (reason, labels, String::new())
                }
                (None, Some(chain)) => {
                    let head = chain[0];
                    let head_model = &pc.index.files[head.file].model;
                    let caller = &head_model.functions[pc.index.call(head).function];
                    let Some(reason) =
                        per_batch_reason(entry, caller, &head_model.classes, &passed)
                    else {
                        continue;
                    };
                    let mut labels = vec![Label::new(
                        Some(head.file),
                        caller.name_span,
                        reason.clone(),
                        false,
                    )];
                    let mut route = vec![format!("`{}`", display_name(caller, Language::Python))];
                    for (k, c) in chain.iter().enumerate() {
                        let site = pc.index.call(*c);
                        let msg = if k == 0 {
                            format!("calls `{}`", site.callee)
                        } else {
                            format!("which calls `{}`", site.callee)
                        };
                        labels.push(Label::new(Some(c.file), site.span, msg, false));
                        route.push(format!("`{}`", site.callee));
                    }
                    (reason, labels, format!(" through {}", route.join(" → ")))
                }
                (None, None) => continue,
            };
            let rep = repetition(&ctx, ev);
            let estimate = pricing::estimate(&ctx, ev, &rep);
            let (verb, frees) = pricing::verbs(&ctx, ev);
            let per = if reason.contains("per sample") {
                "per sample"
            } else {
                "per batch"
            };
            let message = format!(
                "`{}` pins host memory {per}{route}: {reason}; {}",
                call_text(ev, &ctx.catalog.apis[ev.api]),
                pricing::per_call_detail(&estimate, ev.lifetime, verb, frees, per),
            );
            let help = "allocate one pinned buffer (or a pool) once, in `__init__` or before the \
                        epoch, and copy each sample or batch into it; or leave pinning to \
                        `DataLoader(pin_memory=True)`, which reuses its cached blocks"
                .to_string();
            let mut finding = pricing::finding(&ctx, ev, &RULE, estimate, message, labels, help);
            finding.file = file;
            out.push(finding);
        }
    }
}
