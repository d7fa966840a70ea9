//! GT202 pinned-alloc-via-call-in-loop.

use std::collections::{HashSet, VecDeque};

use super::frequency::Frequency;
use super::pricing::{self, call_text, repetition};
use super::{Applies, ProjectContext, RuleInfo};
use crate::finding::{Finding, Label, Severity};
use crate::index::{CallRef, FnRef};
use crate::model::{FunctionKind, Language};

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

/// Calls between the loop and the pinning function: the loop's own call plus up to three
/// intermediate functions.
pub const MAX_EDGES: usize = 4;
/// Chains listed per site.
const MAX_CHAINS: usize = 3;
/// Functions visited per search: a bound on pathological call graphs.
const MAX_VISITS: usize = 2000;

/// A path of calls from a call made inside a loop (first) to a call of the pinning
/// function (last).
pub type Chain = Vec<CallRef>;

/// Every chain (shortest first, at most `MAX_CHAINS`) from a loop to `target`.
pub fn chains(pc: &ProjectContext, target: FnRef) -> Vec<Chain> {
    chains_from(pc, target, &|c| pc.index.call(c).innermost_loop.is_some())
}

/// Every chain (shortest first, at most `MAX_CHAINS`) of calls to `target` whose first call
/// satisfies `head` (made in a loop, made by a per-batch function).
pub fn chains_from(
    pc: &ProjectContext,
    target: FnRef,
    head: &dyn Fn(CallRef) -> bool,
) -> Vec<Chain> {
    let mut found = Vec::new();
    // Each entry: a function on the way up, and the calls from it down to `target`.
    let mut queue: VecDeque<(FnRef, Vec<CallRef>)> = VecDeque::from([(target, Vec::new())]);
    let mut visits = 0;
    while let Some((f, below)) = queue.pop_front() {
        visits += 1;
        if visits > MAX_VISITS || found.len() >= MAX_CHAINS {
            break;
        }
        for c in pc.index.callers(f) {
            let site = pc.index.call(c);
            // A call made once per key or per process repeats nothing below it.
            if site.guarded_once {
                continue;
            }
            let caller = FnRef {
                file: c.file,
                func: site.function,
            };
            let mut path = vec![c];
            path.extend(below.iter().copied());
            if head(c) {
                if found.len() < MAX_CHAINS {
                    found.push(path);
                }
                continue;
            }
            let recursion = caller == target
                || below
                    .iter()
                    .any(|b| pc.index.call(*b).function == site.function && b.file == c.file);
            if path.len() < MAX_EDGES
                && !recursion
                && pc.index.function(caller).kind == FunctionKind::Function
            {
                queue.push_back((caller, path));
            }
        }
    }
    found
}

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
                || ev.guarded_once
                || function.kind != FunctionKind::Function
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
            let rep = repetition(&ctx, ev);
            let estimate = pricing::estimate(&ctx, ev, &rep);
            // What the callers on the first chain pass for the size's parameters: the nearest
            // one, or one further up when the nearer ones pass the parameter along.
            let estimate = match (estimate.size_bytes, found[0].last()) {
                (None, Some(&last)) => {
                    let passed: Vec<(String, i128, CallRef)> = function
                        .params
                        .iter()
                        .filter_map(|(p, _)| {
                            super::frequency::passed_along(pc, &found[0], function, p)
                                .map(|(v, c)| (p.clone(), v, c))
                        })
                        .collect();
                    let from_call = passed.first().map_or(last, |(_, _, c)| *c);
                    let args: Vec<(String, i128)> =
                        passed.into_iter().map(|(p, v, _)| (p, v)).collect();
                    let from = FnRef {
                        file: from_call.file,
                        func: pc.index.call(from_call).function,
                    };
                    let lf = &pc.index.files[from_call.file];
                    let caller = display_name(pc.index.function(from), lf.language);
                    pricing::estimate_with_args(&ctx, ev, &rep, &args, &caller).unwrap_or(estimate)
                }
                _ => estimate,
            };
            let (verb, frees) = pricing::verbs(&ctx, ev);
            let first = &found[0];
            let loop_fn = pc.index.function(FnRef {
                file: first[0].file,
                func: pc.index.call(first[0]).function,
            });
            let loop_lang = pc.index.files[first[0].file].language;
            let mut route: Vec<String> = vec![format!("`{}`", display_name(loop_fn, loop_lang))];
            route.extend(
                first
                    .iter()
                    .map(|c| format!("`{}`", pc.index.call(*c).callee)),
            );
            let more = match found.len() {
                1 => String::new(),
                n => format!(
                    " (and {} more {})",
                    n - 1,
                    if n == 2 { "chain" } else { "chains" }
                ),
            };
            let message = format!(
                "`{}` {} inside `{}`, which a loop calls: {}{more}; {}",
                call_text(ev, &ctx.catalog.apis[ev.api]),
                if verb == "registers" {
                    "page-locks host memory"
                } else {
                    "pins host memory"
                },
                function.name,
                route.join(" → "),
                pricing::per_call_detail(&estimate, ev.lifetime, verb, frees, "per call"),
            );
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
                        Some(n) => format!("repeats {n} {}", pricing::times(n)),
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
                    let msg = if k == 0 {
                        format!("calls `{}` on every iteration", site.callee)
                    } else {
                        format!("which calls `{}`", site.callee)
                    };
                    if seen.insert((c.file, site.span.start)) {
                        labels.push(Label::new(Some(c.file), site.span, msg, false));
                    }
                }
            }
            let help = format!(
                "allocate the pinned buffer once, outside the loop (or in a long-lived pool), and \
                 pass it to `{}` to reuse",
                function.name
            );
            let mut finding = pricing::finding(&ctx, ev, &RULE, estimate, message, labels, help);
            finding.file = file;
            out.push(finding);
        }
    }
}

/// `Class.f` in Python, `Class::f` in C and C++.
pub fn display_name(f: &crate::model::Function, language: Language) -> String {
    let sep = if language == Language::Python {
        "."
    } else {
        "::"
    };
    match (f.kind, &f.class) {
        (FunctionKind::TopLevel, _) => "<module>".to_string(),
        (_, Some(c)) => format!("{c}{sep}{}", f.name),
        _ => f.name.clone(),
    }
}
