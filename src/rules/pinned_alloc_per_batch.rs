//! GT201 pinned-alloc-per-batch.

use crate::analysis::frequency::Frequency;
use std::collections::HashSet;

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::chains::Chain;
use crate::analysis::chains::{display_name, step_name};
use crate::analysis::handover;
use crate::analysis::index::FnRef;
use crate::analysis::per_batch::{Passed, passed_functions, per_batch_chains, per_batch_reason};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::{Context, ProjectContext};
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};
use crate::model::{Event, FunctionKind, Language};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT201",
    name: "pinned-alloc-per-batch",
    severity: Severity::Warning,
    summary: "a pinned allocation in a function that runs once per sample, batch or event (`__getitem__`, `__next__`, a collate function, `training_step`, a launch grid, a stream or allocator callback, ..), or in a helper it calls",
    doc: include_str!("pinned_alloc_per_batch.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

/// How often a reason says its function runs, as messages word it ("per batch" else).
const PER: &[&str] = &[
    "per sample",
    "per stream event",
    "per allocation",
    "per event",
    "per kernel launch",
    "per environment step",
    "per request",
    "per message",
    "per calibration batch",
    "per client connection",
    "per frame",
    "per item",
];

pub fn check(
    pc: &ProjectContext,
    freq: &Frequency,
    skip: &HashSet<(usize, usize)>,
    out: &mut Vec<Finding>,
) {
    let passed = passed_functions(pc);
    for (file, f) in pc.index.files.iter().enumerate() {
        let ctx = pc.file_context(file);
        for (i, ev) in f.model.events.iter().enumerate() {
            let here = FnRef {
                file,
                func: ev.function,
            };
            if !matches!(
                ev.kind,
                ApiKind::Alloc | ApiKind::PinCopy | ApiKind::Register
            ) || ev.innermost_loop.is_some()
                || freq.once_by_itself(here, ev)
            {
                continue;
            }
            let function = &f.model.functions[ev.function];
            let direct = per_batch_reason(pc, here, &passed);
            // Else a helper that a per-batch function calls (through up to 3 others).
            let chains = match (&direct, function.kind) {
                // (A lambda too: one a callee keeps and a per-event function calls.)
                (None, FunctionKind::Function | FunctionKind::Lambda) => {
                    per_batch_chains(pc, &passed, here, Some(ev))
                }
                _ => Vec::new(),
            };
            // A wrapper that pins for its caller is reported at each call that keeps or
            // drops its buffer (unless GT202 reports that call already); anything else on
            // the pin, unless GT202 reports the pin.
            let groups = match direct {
                Some(reason) => vec![(Some(reason), None, Vec::new())],
                None => handover::group(pc, here, ev, &chains)
                    .into_iter()
                    .map(|(at, chains)| (None, at, chains))
                    .collect(),
            };
            for (direct, at, chains) in groups {
                let placed = at.map(|k| pc.index.call(chains[0][k]));
                let done = match placed {
                    None => skip.contains(&(file, i)),
                    Some(site) => out.iter().any(|f| f.span == site.span && f.rule == "GT202"),
                };
                if done || (direct.is_none() && chains.is_empty()) {
                    continue;
                }
                if let Some(finding) = report(
                    pc,
                    &ctx,
                    (file, ev),
                    &passed,
                    direct,
                    chains.first().copied(),
                    at,
                ) {
                    out.push(finding);
                }
            }
        }
    }
}

/// The finding on `ev` (in `file`): in a per-batch function (`direct` says why), or in a
/// helper that one reaches through `chain`; on the pin, or on the chain's call `at` for a
/// wrapper that pins for its caller.
fn report(
    pc: &ProjectContext,
    ctx: &Context,
    (file, ev): (usize, &Event),
    passed: &Passed,
    direct: Option<String>,
    chain: Option<&Chain>,
    at: Option<usize>,
) -> Option<Finding> {
    let f = &pc.index.files[file];
    let function = &f.model.functions[ev.function];
    let (reason, labels, route) = match (direct, chain) {
        (Some(reason), _) => {
            let label_span = if function.kind == FunctionKind::Lambda {
                function.span
            } else {
                function.name_span
            };
            let labels = vec![Label::new(Some(file), label_span, reason.clone(), false)];
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
            let reason = per_batch_reason(pc, head_fn, passed)?;
            let mut labels = vec![Label::new(
                Some(head.file),
                caller.name_span,
                reason.clone(),
                false,
            )];
            let mut route = vec![format!("`{}`", display_name(caller, head_file.language))];
            let shown = at.map_or(chain.len(), |k| k + 1);
            let target = FnRef {
                file,
                func: ev.function,
            };
            for (k, c) in chain.iter().enumerate() {
                let site = pc.index.call(*c);
                let callee = step_name(pc, chain, k, target);
                let msg = if k == 0 {
                    format!("calls `{callee}`")
                } else {
                    format!("which calls `{callee}`")
                };
                labels.push(Label::new(Some(c.file), site.span, msg, false));
                if k < shown {
                    route.push(format!("`{callee}`"));
                }
            }
            (reason, labels, format!(" through {}", route.join(" → ")))
        }
        (None, None) => return None,
    };
    let rep = repetition(ctx, ev);
    let (estimate, elsewhere) =
        repetition::given_back_elsewhere(ctx, ev, repetition::estimate(ctx, ev, &rep));
    let when = elsewhere.map_or("before returning".to_string(), |f| format!("in `{f}`"));
    let (verb, frees) = message::verbs(ctx, ev);
    let per = PER
        .iter()
        .find(|p| reason.contains(*p))
        .copied()
        .unwrap_or("per batch");
    let pin = call_text(ev, &ctx.catalog.apis[ev.api]);
    let detail = message::per_call_detail(&estimate, ev.lifetime, verb, (frees, &when), per);
    let what = if verb == "registers" {
        "page-locks host memory"
    } else {
        "pins host memory"
    };
    let message = match (at, chain) {
        (Some(k), Some(chain)) => format!(
            "`{}` {what} for its caller on every call (`{pin}` in `{}`), {per}{route}: \
             {reason}; {detail}",
            step_name(
                pc,
                chain,
                k,
                FnRef {
                    file,
                    func: ev.function,
                },
            ),
            display_name(function, ctx.language),
        ),
        _ => format!("`{pin}` {what} {per}{route}: {reason}; {detail}"),
    };
    let help = if matches!(per, "per request" | "per client connection") {
        "allocate the pinned buffers (or a pool) once, at start-up, keep them in the \
         server's shared state and reuse them in every request"
    } else if f.language == Language::Python {
        "allocate one pinned buffer (or a pool) once, in `__init__` or before the \
         epoch, and copy each sample or batch into it; or leave pinning to \
         `DataLoader(pin_memory=True)`, which reuses its cached blocks"
    } else {
        "allocate the pinned buffers (or a pool) once, before registering the callback, \
         and hand them to it through its user-data argument; the callback then only \
         reuses them"
    }
    .to_string();
    let mut finding = message::finding(ctx, ev, &RULE, estimate, message, labels, help);
    finding.file = file;
    if let (Some(k), Some(chain)) = (at, chain) {
        finding.labels.push(Label::new(
            Some(file),
            ev.span,
            format!("{verb} here, and hands the buffer to the caller"),
            false,
        ));
        message::at_call(pc, &mut finding, chain[k]);
    }
    Some(finding)
}
