//! Shared by the loop rules (GT101, GT102): how often a call repeats, whether its buffers
//! pile up, and the message that prices it.

use super::{Context, RuleInfo};
use crate::catalog::{ApiKind, MatchKind};
use crate::finding::Finding;
use crate::model::{Event, Lifetime, LoopId};
use crate::source::Position;
use crate::tax::{Estimate, format_bytes, format_percent};

/// How a call repeats inside its function's loops.
pub struct Repetition {
    /// Enclosing loops, innermost first.
    pub loops: Vec<LoopId>,
    /// How many times the call runs: the product of the loops' trip counts.
    pub events: Option<u64>,
    pub accumulates: bool,
    /// How many buffers are alive at once when they accumulate.
    pub live: Option<u64>,
}

fn product(ctx: &Context, loops: &[LoopId]) -> Option<u64> {
    loops.iter().try_fold(1u64, |acc, &l| {
        acc.checked_mul(ctx.eval.trips(&ctx.model.loops[l].trips)?)
    })
}

pub fn repetition(ctx: &Context, ev: &Event) -> Repetition {
    let loops = ctx.model.loop_chain(ev.innermost_loop);
    let events = product(ctx, &loops);
    let released_in = match ev.lifetime {
        // Manual buffers pile up unless the same pointer is released inside a loop body.
        Lifetime::Manual => loops.iter().copied().find(|&l| {
            let body = ctx.model.loops[l].span;
            ctx.model.events.iter().any(|r| {
                matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
                    && r.function == ev.function
                    && body.contains(r.span)
                    && r.pointer.is_some()
                    && r.pointer == ev.pointer
                    && ctx.catalog.releases(ev.api, r.api)
            })
        }),
        Lifetime::Scoped => None,
    };
    let (accumulates, live) = match (ev.lifetime, released_in) {
        (Lifetime::Scoped, _) if !ev.stored_in_container => (false, Some(1)),
        (Lifetime::Manual, Some(l)) if Some(l) == loops.first().copied() => (false, Some(1)),
        (Lifetime::Manual, Some(l)) => {
            let inner: Vec<LoopId> = loops.iter().copied().take_while(|&x| x != l).collect();
            (true, product(ctx, &inner))
        }
        _ => (true, events),
    };
    Repetition {
        loops,
        events,
        accumulates,
        live,
    }
}

/// The finding for a pinning call inside a loop.
pub fn finding(ctx: &Context, ev: &Event, rule: &RuleInfo, what: &str, help: String) -> Finding {
    let api = &ctx.catalog.apis[ev.api];
    let ratio = ctx.ratios.for_class(api.tax_class);
    let size = ev.size.as_ref().and_then(|s| ctx.eval.bytes(s));
    let rep = repetition(ctx, ev);
    let estimate = Estimate::new(size, rep.events, rep.accumulates, rep.live, ratio);
    let (verb, frees) = if api.kind == ApiKind::Register {
        ("registers", "unregisters")
    } else {
        ("pins", "frees")
    };
    let message = format!(
        "`{}` {what} inside a loop: {}",
        call_text(ev, api.match_kind),
        detail(&estimate, &rep, ev.lifetime, verb, frees)
    );
    let labels = rep
        .loops
        .iter()
        .enumerate()
        .map(|(i, &l)| {
            let trips = ctx.eval.trips(&ctx.model.loops[l].trips);
            let message = match (i, trips) {
                (0, Some(n)) => format!("repeats {n} {}", times(n)),
                (0, None) => "repeats an unknown number of times".to_string(),
                (_, Some(n)) => format!("inside a loop that repeats {n} {}", times(n)),
                (_, None) => "inside a loop that repeats an unknown number of times".to_string(),
            };
            crate::finding::Label {
                span: ctx.model.loops[l].header,
                start: Position { line: 0, column: 0 },
                message,
            }
        })
        .collect();
    let mut notes = vec![tax_note(&estimate)];
    notes.push(
        "Linux/TCC pay no VRAM for pinned memory, but pinning is slow everywhere \
         (about 0.5 ms per MiB) and page-locked RAM is taken from the OS"
            .to_string(),
    );
    Finding {
        rule: rule.code,
        severity: rule.severity,
        path: String::new(),
        language: ctx.language,
        span: ev.span,
        start: Position { line: 0, column: 0 },
        end: Position { line: 0, column: 0 },
        message,
        api: api.name.clone(),
        estimate,
        loop_line: None,
        labels,
        notes,
        help,
    }
}

/// The call as the user wrote it, shortened: `th.empty(.., pin_memory=True)`, `x.pin_memory()`.
fn call_text(ev: &Event, how: MatchKind) -> String {
    let callee = if ev.callee.chars().count() > 48 {
        let tail: String = ev
            .callee
            .rsplit(['.', ':'])
            .next()
            .unwrap_or("")
            .to_string();
        format!("..{tail}")
    } else {
        ev.callee.clone()
    };
    match how {
        MatchKind::PinKwarg => format!("{callee}(.., pin_memory=True)"),
        MatchKind::Method => format!("{callee}()"),
        MatchKind::Call => callee,
    }
}

fn times(n: u64) -> &'static str {
    if n == 1 { "time" } else { "times" }
}

/// The priced part of the message; always says what is known.
fn detail(e: &Estimate, rep: &Repetition, lifetime: Lifetime, verb: &str, frees: &str) -> String {
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
            "size unknown: each iteration costs {pct} of its pinned bytes in VRAM under WDDM{runs}{kept}"
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

fn tax_note(e: &Estimate) -> String {
    let pct = format_percent(e.ratio);
    match (e.size_bytes, e.tax_bytes) {
        (Some(size), Some(tax)) if e.accumulates => format!(
            "VRAM tax under WDDM: {} × {pct} × {} live buffers ≈ {}",
            format_bytes(size),
            e.live.unwrap_or(1),
            format_bytes(tax)
        ),
        (Some(size), Some(tax)) => format!(
            "VRAM tax under WDDM: {} × {pct} ≈ {} at a time",
            format_bytes(size),
            format_bytes(tax)
        ),
        (Some(size), None) => format!(
            "VRAM tax under WDDM: {} × {pct} ≈ {} per iteration; the total depends on the trip count",
            format_bytes(size),
            e.tax_bytes_per_event.map_or("?".into(), format_bytes)
        ),
        _ => format!(
            "VRAM tax under WDDM: {pct} of the pinned bytes per buffer; the size is not static"
        ),
    }
}
