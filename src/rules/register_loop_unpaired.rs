//! GT303 register-loop-unpaired.

use super::message::{self, call_text, times};
use super::meta::{Applies, RuleInfo};
use crate::analysis::ownership;
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};
use crate::model::PtrScope;
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT303",
    name: "register-loop-unpaired",
    severity: Severity::Warning,
    summary: "a registration inside a loop whose unregistration runs outside it, or never: N registrations, at most one release",
    doc: include_str!("register_loop_unpaired.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        let Some(lp) = ev.innermost_loop else {
            continue;
        };
        // A registration owned by a value ends with it, every iteration (accel's
        // `RegisteredMemory`): churn, GT102's.
        if ev.kind != ApiKind::Register || ev.lifetime == crate::model::Lifetime::Scoped {
            continue;
        }
        let body = ctx.model.loops[lp].span;
        let chain = ctx.model.loop_chain(Some(lp));
        let releases = ownership::releases(ctx, ev);
        // Released in the same loop: churn (GT102). Released in a loop that does not hold
        // the registration: a setup and teardown pair, one release per registration.
        let separate_loop =
            |r: &&crate::model::Event| r.innermost_loop.is_some_and(|rl| !chain.contains(&rl));
        // A local buffer that leaves its function (stored into a container, returned) is
        // released, or not, by whoever holds it: this function cannot tell.
        let handed_off = ev.stored_in_container
            || (ev.pointer_scope == PtrScope::Local && ownership::escape(ctx, ev).is_some());
        if releases
            .iter()
            .any(|r| body.contains(r.span) || separate_loop(r))
            || ownership::wrapper_paired(ctx, ev)
            || ownership::raii_guarded(ctx, ev)
            || handed_off
        {
            continue;
        }
        // The loop whose body releases, if an enclosing loop does: per iteration of it,
        // the loops inside register many times and release once.
        let release_loop = chain.iter().position(|&l| {
            releases
                .iter()
                .any(|r| ctx.model.loops[l].span.contains(r.span))
        });
        let pointer = ev.pointer.as_deref().unwrap_or("the buffer");
        let rep = repetition(ctx, ev);
        let base = repetition::estimate(ctx, ev, &rep);
        let trips = |loops: &[usize]| {
            loops
                .iter()
                .try_fold(1u64, |acc, &l| acc.checked_mul(repetition::trips(ctx, l)?))
        };
        let leaked = match (release_loop, releases.is_empty()) {
            (Some(k), _) => trips(&chain[..k])
                .zip(trips(&chain[k..]))
                .map(|(inner, outer)| inner.saturating_sub(1).saturating_mul(outer)),
            // Nothing releases any of them.
            (None, true) => rep.events,
            // One release after all the loops.
            (None, false) => rep.events.map(|n| n.saturating_sub(1)),
        };
        let estimate = base.reshaped(rep.events, true, leaked);
        let release = ctx.catalog.apis[ev.api]
            .released_by
            .first()
            .cloned()
            .unwrap_or_default();
        let after = match (release_loop, releases.is_empty()) {
            (_, true) => "and nothing unregisters it".to_string(),
            (Some(_), false) => format!("but `{release}` runs once per iteration of an outer loop"),
            (None, false) => format!("but `{release}` runs once, after the loop"),
        };
        let count = match (rep.events, leaked) {
            (Some(n), Some(l)) => format!("{n} registrations, {} releases", n.saturating_sub(l)),
            _ => "one registration per iteration, at most one release per loop".to_string(),
        };
        let cost = match (estimate.size_bytes, estimate.tax_bytes, leaked) {
            (Some(size), Some(tax), Some(n)) => format!(
                "{n} leaked × {} ≈ {} of VRAM under WDDM (ratio {})",
                format_bytes(size),
                format_bytes(tax),
                estimate.ratio
            ),
            (Some(_), _, _) => format!(
                "≈ {} of VRAM under WDDM for every extra iteration (ratio {})",
                estimate
                    .tax_bytes_per_event
                    .map_or("?".into(), format_bytes),
                estimate.ratio
            ),
            _ => message::unknown_size(&estimate),
        };
        let message = format!(
            "`{}` registers `{pointer}` on every iteration {after}: {count}; {cost}",
            call_text(ev, &ctx.catalog.apis[ev.api]),
        );
        let trips = repetition::trips(ctx, lp);
        let loop_label = match trips {
            Some(n) => format!("repeats {n} {}", times(n)),
            None => "repeats an unknown number of times".to_string(),
        };
        let mut labels = vec![Label::new(
            None,
            ctx.model.loops[lp].header,
            loop_label,
            true,
        )];
        for r in releases {
            labels.push(Label::new(
                None,
                r.span,
                "the only release, outside the loop".into(),
                false,
            ));
        }
        let help = format!(
            "register once before the loop and `{release}` once after it, or unregister inside \
             the loop for every registration"
        );
        out.push(message::finding(
            ctx, ev, &RULE, estimate, message, labels, help,
        ));
    }
}
