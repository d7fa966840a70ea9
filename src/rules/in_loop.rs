//! Shared by the loop rules (GT101, GT102): the finding for a pinning call that a loop
//! of its own function repeats.

use super::message::{self, call_text, times};
use super::meta::RuleInfo;
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::finding::{Finding, Label};
use crate::model::{Event, Lifetime};
use crate::tax::{Estimate, format_bytes, format_percent};

/// The finding for a pinning call inside a loop.
pub fn finding(ctx: &Context, ev: &Event, rule: &RuleInfo, what: &str, help: String) -> Finding {
    let rep = repetition(ctx, ev);
    let estimate = repetition::estimate(ctx, ev, &rep);
    let (verb, frees) = message::verbs(ctx, ev);
    let message = format!(
        "`{}` {what} inside a loop: {}",
        call_text(ev, &ctx.catalog.apis[ev.api]),
        detail(&estimate, &rep, ev.lifetime, verb, frees)
    );
    let labels = rep
        .loops
        .iter()
        .enumerate()
        .map(|(i, &l)| {
            let trips = crate::analysis::repetition::trips(ctx, l);
            let message = match (i, trips) {
                (0, Some(n)) => format!("repeats {n} {}", times(n)),
                (0, None) => "repeats an unknown number of times".to_string(),
                (_, Some(n)) => format!("inside a loop that repeats {n} {}", times(n)),
                (_, None) => "inside a loop that repeats an unknown number of times".to_string(),
            };
            Label::new(None, ctx.model.loops[l].header, message, true)
        })
        .collect();
    let churns = !estimate.accumulates;
    let mut finding = message::finding(ctx, ev, rule, estimate, message, labels, help);
    if churns && finding.estimate.tax_bytes.is_some() {
        // PyTorch's cache hands every iteration after the first the same block: the tax is
        // held once, not paid again (as the message says).
        finding.label.push_str(if finding.estimate.cached {
            ", held by PyTorch's pinned-memory cache"
        } else {
            ", paid again on every iteration"
        });
    }
    finding
}

/// The priced part of the message; always says what is known.
fn detail(
    e: &Estimate,
    rep: &repetition::Repetition,
    lifetime: Lifetime,
    verb: &str,
    frees: &str,
) -> String {
    let pct = format_percent(e.ratio);
    let Some(size) = e.size_bytes else {
        let runs = match rep.events {
            Some(n) => format!(" ({n} iterations)"),
            None => String::new(),
        };
        let kept = match (e.accumulates, lifetime) {
            (false, _) => String::new(),
            (true, Lifetime::Manual) => format!(", and it never {frees} it inside the loop"),
            (true, Lifetime::Scoped) => ", and every buffer is kept in a container".to_string(),
        };
        return format!(
            "{}: each iteration costs {pct} of its pinned bytes in VRAM under WDDM{runs}{kept}",
            message::unknown_size(e)
        );
    };
    let size = format_bytes(size);
    let ratio = format!("ratio {}", e.ratio);
    let per = e.tax_bytes_per_event.map_or("?".into(), format_bytes);
    let each = match rep.events {
        Some(n) => format!(
            "on each of {n} {}",
            if n == 1 { "iteration" } else { "iterations" }
        ),
        None => "on every iteration of a loop with an unknown trip count".to_string(),
    };
    if e.cached {
        return cached_detail(e, &size, &each, &ratio, verb);
    }
    if !e.accumulates {
        let released = match lifetime {
            Lifetime::Manual => format!("{frees} it inside the loop"),
            Lifetime::Scoped => "drops it at the end of the iteration".to_string(),
        };
        return format!(
            "{verb} {size} {each} and {released}: ≈ {per} of VRAM under WDDM while each buffer lives ({ratio}), paid again on every iteration"
        );
    }
    let kept = match lifetime {
        Lifetime::Manual => format!("never {frees} it inside the loop"),
        Lifetime::Scoped => "keeps every buffer in a container".to_string(),
    };
    match (e.tax_bytes, e.live, rep.events) {
        (Some(tax), Some(live), Some(events)) if live < events => format!(
            "{verb} {size} {each}; {live} stay pinned until an outer loop {frees} them: ≈ {} of VRAM under WDDM ({ratio})",
            format_bytes(tax)
        ),
        (Some(tax), _, _) => format!(
            "{verb} {size} {each} and {kept}: ≈ {} of VRAM under WDDM ({ratio})",
            format_bytes(tax)
        ),
        _ => format!(
            "{verb} {size} {each} and {kept}: ≈ {per} of VRAM per iteration under WDDM ({ratio})"
        ),
    }
}

/// A loop over a call served by PyTorch's caching host allocator.
fn cached_detail(e: &Estimate, size: &str, each: &str, ratio: &str, verb: &str) -> String {
    let block = e.block_bytes.map_or("?".into(), format_bytes);
    let tax = e.tax_bytes.map_or("?".into(), format_bytes);
    if !e.accumulates {
        return format!(
            "{verb} {size} {each}; PyTorch's pinned-memory cache serves every iteration after \
             the first from one cached {block} block, so what repeats is the copy, and the \
             cache keeps ≈ {tax} of VRAM reserved under WDDM ({ratio}) after the loop ends"
        );
    }
    match e.tax_bytes {
        Some(_) => format!(
            "{verb} {size} {each} and keeps every buffer: each holds a {block} block of \
             PyTorch's pinned-memory cache, which stays pinned after the tensors die: ≈ {tax} \
             of VRAM under WDDM ({ratio})"
        ),
        None => format!(
            "{verb} {size} {each} and keeps every buffer: each holds a {block} block of \
             PyTorch's pinned-memory cache, which stays pinned after the tensors die: ≈ {} \
             of VRAM per iteration under WDDM ({ratio})",
            e.tax_bytes_per_event.map_or("?".into(), format_bytes)
        ),
    }
}
