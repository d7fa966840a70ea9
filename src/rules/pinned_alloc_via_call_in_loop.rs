//! GT202 pinned-alloc-via-call-in-loop.

use std::collections::HashSet;

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::chains::{Chain, display_name, step_name};
use crate::analysis::frequency::Frequency;
use crate::analysis::handover;
use crate::analysis::index::{CallRef, FnRef};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::{Context, ProjectContext};
use crate::finding::{Finding, Label, Severity};
use crate::model::{Event, FunctionKind};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT202",
    name: "pinned-alloc-via-call-in-loop",
    severity: Severity::Warning,
    summary: "a function that pins host memory is called from inside a loop (directly or through up to 3 other functions)",
    doc: include_str!("pinned_alloc_via_call_in_loop.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(
    pc: &ProjectContext,
    freq: &Frequency,
    reported: &mut HashSet<(usize, usize)>,
    out: &mut Vec<Finding>,
) {
    for (file, f) in pc.index.files.iter().enumerate() {
        let ctx = pc.file_context(file);
        for (i, ev) in f.model.events.iter().enumerate() {
            let function = &f.model.functions[ev.function];
            let target = FnRef {
                file,
                func: ev.function,
            };
            // Sites inside a loop of their own function are GT101/GT102, unless that loop
            // splits a caller's request to pin into parts: then the callers repeat it.
            if !ev.kind.pins()
                || freq.once_by_itself(target, ev)
                || function.kind == FunctionKind::TopLevel
                || freq.own_loop_repeats(target, ev)
            {
                continue;
            }
            // Loops of tests, benchmarks and setup code do not make a site hot.
            let callers = freq.loop_callers_of(target, ev);
            let found = &callers.hot;
            if found.is_empty() {
                continue;
            }
            reported.insert((file, i));
            // A wrapper that pins for its caller is reported where it is called, once per
            // such call: the call whose function keeps or drops the buffer.
            for (at, chains) in handover::group(pc, target, ev, found) {
                out.push(report(pc, &ctx, (file, ev), &chains, at));
            }
        }
    }
}

/// The finding on `ev` (in `file`) that the loops of `found` reach: on the pin itself, or,
/// for a wrapper, on the call `found[0][at]` that hands its buffer to a function that keeps
/// or drops it.
fn report(
    pc: &ProjectContext,
    ctx: &Context,
    (file, ev): (usize, &Event),
    found: &[&Chain],
    at: Option<usize>,
) -> Finding {
    let function = &ctx.model.functions[ev.function];
    let rep = repetition(ctx, ev);
    let estimate = repetition::estimate(ctx, ev, &rep);
    // What the callers on the first chain pass for the size's parameters: the nearest
    // one, or one further up when the nearer ones pass the parameter along.
    let estimate = match (estimate.size_bytes, found[0].last()) {
        (None, Some(&last)) => {
            let passed: Vec<(String, i128, CallRef)> = function
                .params
                .iter()
                .filter_map(|(p, _)| {
                    crate::analysis::chains::passed_along(pc, found[0], function, p)
                        .map(|(v, c)| (p.clone(), v, c))
                })
                .collect();
            let from_call = passed.first().map_or(last, |(_, _, c)| *c);
            let args: Vec<(String, i128)> = passed.into_iter().map(|(p, v, _)| (p, v)).collect();
            let from = FnRef {
                file: from_call.file,
                func: pc.index.call(from_call).function,
            };
            let lf = &pc.index.files[from_call.file];
            let caller = display_name(pc.index.function(from), lf.language);
            repetition::estimate_with_args(ctx, ev, &rep, &args, &caller).unwrap_or(estimate)
        }
        _ => estimate,
    };
    // An RAII object built as a local on every chain: its destructor gives the buffer
    // back at the end of each iteration.
    let scoped = (repetition::freed_by_destructor(ctx, ev) || repetition::freed_by_class(ctx, ev))
        && found
            .iter()
            .all(|c| c.last().is_some_and(|&l| pc.index.call(l).scoped));
    // (Or a function of its own releases it, `tb_shutdown` after `tb_init`.)
    let (estimate, elsewhere) = if scoped {
        (estimate.reshaped(estimate.events, false, Some(1)), None)
    } else {
        repetition::given_back_elsewhere(ctx, ev, estimate)
    };
    let (verb, frees) = message::verbs(ctx, ev);
    let first = found[0];
    // Where the finding sits: the pin, or the wrapper's call in `first`.
    let shown = at.map_or(first.len(), |k| k + 1);
    let loop_fn = pc.index.function(FnRef {
        file: first[0].file,
        func: pc.index.call(first[0]).function,
    });
    let loop_lang = pc.index.files[first[0].file].language;
    let mut route: Vec<String> = vec![format!("`{}`", display_name(loop_fn, loop_lang))];
    let target = FnRef {
        file,
        func: ev.function,
    };
    route.extend((0..shown).map(|k| format!("`{}`", step_name(pc, first, k, target))));
    let more = match found.len() {
        1 => String::new(),
        n => format!(
            " (and {} more {})",
            n - 1,
            if n == 2 { "chain" } else { "chains" }
        ),
    };
    let pin = call_text(ev, &ctx.catalog.apis[ev.api]);
    let what = if verb == "registers" {
        "page-locks host memory"
    } else {
        "pins host memory"
    };
    // An RAII class's constructor: the object's destructor gives the buffer back.
    let when = match elsewhere {
        _ if scoped => "in its destructor".to_string(),
        Some(f) => format!("in `{f}`"),
        None => "before returning".to_string(),
    };
    let detail = message::per_call_detail(&estimate, ev.lifetime, verb, (frees, &when), "per call");
    let message = match at {
        None => format!(
            "`{pin}` {what} inside `{}`, which a loop calls: {}{more}; {detail}",
            function.name,
            route.join(" → "),
        ),
        Some(k) => {
            // (An element of a container, `fn(batch)`, by the function it is.)
            let wrapper = step_name(pc, first, k, target);
            let by = if k == 0 {
                "a loop calls it".to_string()
            } else {
                let caller = pc.index.function(FnRef {
                    file: first[k].file,
                    func: pc.index.call(first[k]).function,
                });
                let lang = pc.index.files[first[k].file].language;
                format!(
                    "`{}` calls it, which a loop calls",
                    display_name(caller, lang)
                )
            };
            format!(
                "`{wrapper}` {what} for its caller on every call (`{pin}` in `{}`), and {by}: \
                 {}{more}; {detail}",
                display_name(function, ctx.language),
                route.join(" → "),
            )
        }
    };
    let mut labels = Vec::new();
    let mut seen = HashSet::new();
    for chain in found.iter() {
        let head = chain[0];
        let lp = pc.index.call(head).innermost_loop;
        if let Some(lp) = lp {
            let model = &pc.index.files[head.file].model;
            let trips = pc
                .file_context(head.file)
                .eval
                .trips(&model.loops[lp].trips);
            let msg = match trips {
                Some(n) => format!("repeats {n} {}", message::times(n)),
                None => "repeats an unknown number of times".to_string(),
            };
            if seen.insert((head.file, model.loops[lp].header.start)) {
                labels.push(Label::new(
                    Some(head.file),
                    model.loops[lp].header,
                    msg,
                    true,
                ));
            }
        }
        for (k, c) in chain.iter().enumerate() {
            let site = pc.index.call(*c);
            let callee = step_name(pc, chain, k, target);
            let msg = if k == 0 {
                format!("calls `{callee}` on every iteration")
            } else {
                format!("which calls `{callee}`")
            };
            if seen.insert((c.file, site.span.start)) {
                labels.push(Label::new(Some(c.file), site.span, msg, false));
            }
        }
    }
    let help = match at {
        None => format!(
            "allocate the pinned buffer once, outside the loop (or in a long-lived pool), and \
             pass it to `{}` to reuse",
            function.name
        ),
        Some(0) => format!(
            "call `{}` once, outside the loop (or keep its buffer in a long-lived pool), and \
             reuse the buffer on every iteration",
            pc.index.call(first[0]).callee
        ),
        Some(k) => format!(
            "keep the buffer `{}` returns where it outlives the call (a member, a pool) and \
             reuse it, instead of asking for a fresh one on every call",
            pc.index.call(first[k]).callee
        ),
    };
    let mut finding = message::finding(ctx, ev, &RULE, estimate, message, labels, help);
    finding.file = file;
    if let Some(k) = at {
        let call = first[k];
        labels_pin(&mut finding, file, ev, verb);
        message::at_call(pc, &mut finding, call);
    }
    finding
}

/// Point at the pin inside the wrapper, for a finding reported at the wrapper's call.
fn labels_pin(finding: &mut Finding, file: usize, ev: &Event, verb: &str) {
    finding.labels.push(Label::new(
        Some(file),
        ev.span,
        format!("{verb} here, and hands the buffer to the caller"),
        false,
    ));
}
