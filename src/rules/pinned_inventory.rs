//! GT100 pinned-inventory: every pinned allocation and registration site, with its size,
//! tax and context, for an incident review's VRAM budget.

use std::collections::{HashMap, HashSet};

use super::context::{self, CALL_IN_LOOP, GUARDED_ONCE, HOT_LOOP, ONCE, PER_BATCH, RETRY, SETUP};
use super::pricing::{self, call_text, repetition};
use super::{ProjectContext, RuleInfo};
use crate::finding::{Finding, Severity};
use crate::index::FnRef;
use crate::model::{FunctionKind, Language};
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT100",
    name: "pinned-inventory",
    severity: Severity::Info,
    summary: "every pinned allocation and registration site, with its size, tax and context (off by default)",
    doc: include_str!("pinned_inventory.md"),
    default_enabled: false,
    languages: "python, c, cpp, cuda, rust",
};

/// (file, call start) → context.
pub type Contexts = HashMap<(usize, usize), &'static str>;

/// The context of every pinning site in the run.
pub fn contexts(pc: &ProjectContext) -> Contexts {
    let entry = &pc.catalog.entry_points;
    let passed = super::pinned_alloc_per_batch::passed_functions(pc);
    let mut reached: HashMap<FnRef, bool> = HashMap::new();
    let mut out = Contexts::new();
    for (file, f) in pc.index.files.iter().enumerate() {
        let ctx = pc.file_context(file);
        for ev in f.model.events.iter().filter(|e| e.kind.pins()) {
            let rep = repetition(&ctx, ev);
            let function = &f.model.functions[ev.function];
            let c = if ev.guarded_once {
                GUARDED_ONCE
            } else if !rep.loops.is_empty() {
                if context::is_setup(&ctx, ev, &rep) {
                    SETUP
                } else if context::is_retry(&ctx, ev) {
                    RETRY
                } else {
                    HOT_LOOP
                }
            } else if f.language == Language::Python
                && super::pinned_alloc_per_batch::per_batch_reason(
                    entry,
                    function,
                    &f.model.classes,
                    &passed,
                )
                .is_some()
            {
                PER_BATCH
            } else if function.kind == FunctionKind::Function
                && *reached
                    .entry(FnRef {
                        file,
                        func: ev.function,
                    })
                    .or_insert_with(|| {
                        !super::pinned_alloc_via_call_in_loop::chains(
                            pc,
                            FnRef {
                                file,
                                func: ev.function,
                            },
                        )
                        .is_empty()
                    })
            {
                CALL_IN_LOOP
            } else if f.language == Language::Python
                && function.kind == FunctionKind::Function
                && super::pinned_alloc_per_batch::per_batch_chain(
                    pc,
                    &passed,
                    FnRef {
                        file,
                        func: ev.function,
                    },
                )
                .is_some()
            {
                // A helper a per-batch function calls: what GT201 reports.
                PER_BATCH
            } else {
                ONCE
            };
            out.insert((file, ev.span.start), c);
        }
    }
    out
}

pub fn check(pc: &ProjectContext, contexts: &Contexts, out: &mut Vec<Finding>) {
    let mut seen = HashSet::new();
    for (file, f) in pc.index.files.iter().enumerate() {
        let ctx = pc.file_context(file);
        for ev in f.model.events.iter().filter(|e| e.kind.pins()) {
            if !seen.insert((file, ev.span.start)) {
                continue;
            }
            let c = contexts
                .get(&(file, ev.span.start))
                .copied()
                .unwrap_or(ONCE);
            let rep = repetition(&ctx, ev);
            let estimate = pricing::estimate(&ctx, ev, &rep);
            let size = estimate
                .size_bytes
                .map_or("an unknown size".into(), format_bytes);
            let tax = match (estimate.tax_bytes, estimate.tax_bytes_per_event) {
                (Some(t), _) => format!("≈ {} of VRAM under WDDM", format_bytes(t)),
                (None, Some(p)) => format!("≈ {} of VRAM under WDDM each time", format_bytes(p)),
                _ => "VRAM tax unknown".to_string(),
            };
            let (verb, _) = pricing::verbs(&ctx, ev);
            let message = format!(
                "`{}` {verb} {size} ({c}): {tax}",
                call_text(ev, ctx.catalog.apis[ev.api].match_kind)
            );
            let mut finding = pricing::finding(
                &ctx,
                ev,
                &RULE,
                estimate,
                message,
                Vec::new(),
                "an inventory entry, not a problem: see the other rules for what to fix".into(),
            );
            finding.file = file;
            finding.context = c;
            finding.label = c.to_string();
            out.push(finding);
        }
    }
}
