//! GT206 pinned-churn-per-call.

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};
use crate::model::FunctionKind;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT206",
    name: "pinned-churn-per-call",
    severity: Severity::Warning,
    summary: "a method reached through dynamic dispatch (C++ virtual/override, a Rust trait impl) pins a buffer and releases it before returning: every call pays the pinning again",
    doc: include_str!("pinned_churn_per_call.md"),
    default_enabled: true,
    applies: Applies::Unseen,
    languages: "c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        let f = &ctx.model.functions[ev.function];
        if !matches!(ev.kind, ApiKind::Alloc | ApiKind::Register)
            || ev.innermost_loop.is_some()
            || ev.guarded_once
            || f.kind != FunctionKind::Function
            || !f.dispatched
        {
            continue;
        }
        // Churn: released before the function returns.
        let rep = repetition(ctx, ev);
        if rep.accumulates {
            continue;
        }
        let estimate = repetition::estimate(ctx, ev, &rep);
        let (verb, frees) = message::verbs(ctx, ev);
        let shown = match &f.class {
            Some(c) => format!("{c}::{}", f.name),
            None => f.name.clone(),
        };
        let message = format!(
            "`{}` {verb} a buffer and {frees} it on every call of `{shown}`, which is called through \
             dynamic dispatch from callers ghosttax cannot see (an output sink, a callback): {}",
            call_text(ev, &ctx.catalog.apis[ev.api]),
            message::per_call_detail(
                &estimate,
                ev.lifetime,
                verb,
                (frees, "before returning"),
                "per call",
            ),
        );
        let help = format!(
            "give the object one buffer, allocated once (in its constructor) and released in its \
             destructor, and reuse it in `{}`",
            f.name
        );
        out.push(message::finding(
            ctx,
            ev,
            &RULE,
            estimate,
            message,
            Vec::new(),
            help,
        ));
    }
}
