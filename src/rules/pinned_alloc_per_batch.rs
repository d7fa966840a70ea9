//! GT201 pinned-alloc-per-batch.

use crate::analysis::frequency::Frequency;
use std::collections::HashSet;

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::chains::display_name;
use crate::analysis::index::FnRef;
use crate::analysis::per_batch::{passed_functions, per_batch_chain, per_batch_reason};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::ProjectContext;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};
use crate::model::{FunctionKind, Language};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT201",
    name: "pinned-alloc-per-batch",
    severity: Severity::Warning,
    summary: "a pinned allocation in a function that runs once per sample, batch or event (`__getitem__`, `__next__`, a collate function, `training_step`, a launch grid, a stream or allocator callback, ..), or in a helper it calls",
    doc: include_str!("pinned_alloc_per_batch.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda",
};

/// How often a reason says its function runs, as messages word it ("per batch" else).
const PER: &[&str] = &[
    "per sample",
    "per stream event",
    "per allocation",
    "per event",
    "per kernel launch",
    "per environment step",
];

pub fn check(
    pc: &ProjectContext,
    freq: &Frequency,
    skip: &HashSet<(usize, usize)>,
    out: &mut Vec<Finding>,
) {
    let passed = passed_functions(pc);
    for (file, f) in pc.index.files.iter().enumerate() {
        if f.language == Language::Rust {
            continue;
        }
        let ctx = pc.file_context(file);
        for (i, ev) in f.model.events.iter().enumerate() {
            if !matches!(ev.kind, ApiKind::Alloc | ApiKind::PinCopy)
                || ev.innermost_loop.is_some()
                || freq.guarded(
                    FnRef {
                        file,
                        func: ev.function,
                    },
                    ev,
                )
                || skip.contains(&(file, i))
            {
                continue;
            }
            let function = &f.model.functions[ev.function];
            let here = FnRef {
                file,
                func: ev.function,
            };
            let direct = per_batch_reason(pc, here, &passed);
            // Else a helper that a per-batch function calls (through up to 3 others).
            let chain = match (&direct, function.kind) {
                (None, FunctionKind::Function) => {
                    let target = FnRef {
                        file,
                        func: ev.function,
                    };
                    per_batch_chain(pc, &passed, target, Some(ev))
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
                    let head_file = &pc.index.files[head.file];
                    let head_model = &head_file.model;
                    let caller = &head_model.functions[pc.index.call(head).function];
                    let head_fn = FnRef {
                        file: head.file,
                        func: pc.index.call(head).function,
                    };
                    let Some(reason) = per_batch_reason(pc, head_fn, &passed) else {
                        continue;
                    };
                    let mut labels = vec![Label::new(
                        Some(head.file),
                        caller.name_span,
                        reason.clone(),
                        false,
                    )];
                    let mut route = vec![format!("`{}`", display_name(caller, head_file.language))];
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
            let estimate = repetition::estimate(&ctx, ev, &rep);
            let (verb, frees) = message::verbs(&ctx, ev);
            let per = PER
                .iter()
                .find(|p| reason.contains(*p))
                .copied()
                .unwrap_or("per batch");
            let message = format!(
                "`{}` pins host memory {per}{route}: {reason}; {}",
                call_text(ev, &ctx.catalog.apis[ev.api]),
                message::per_call_detail(
                    &estimate,
                    ev.lifetime,
                    verb,
                    (frees, "before returning"),
                    per
                ),
            );
            let help = if f.language == Language::Python {
                "allocate one pinned buffer (or a pool) once, in `__init__` or before the \
                 epoch, and copy each sample or batch into it; or leave pinning to \
                 `DataLoader(pin_memory=True)`, which reuses its cached blocks"
            } else {
                "allocate the pinned buffers (or a pool) once, before registering the callback, \
                 and hand them to it through its user-data argument; the callback then only \
                 reuses them"
            }
            .to_string();
            let mut finding = message::finding(&ctx, ev, &RULE, estimate, message, labels, help);
            finding.file = file;
            out.push(finding);
        }
    }
}
