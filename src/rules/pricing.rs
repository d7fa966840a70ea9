//! Shared by the rules: how often a call repeats, whether its buffers pile up, what it
//! costs, and how to say so.

use super::{Context, RuleInfo};
use crate::catalog::{ApiKind, MatchKind};
use crate::finding::{Finding, Label};
use crate::model::{Event, FunctionKind, Lifetime, LoopId, Span};
use crate::source::Position;
use crate::tax::{Estimate, Evaluator, format_bytes, format_percent};

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
    loops
        .iter()
        .try_fold(1u64, |acc, &l| acc.checked_mul(trips(ctx, l)?))
}

/// How many times loop `l` runs, when syntax fixes it (its function's parameters are free).
pub fn trips(ctx: &Context, l: LoopId) -> Option<u64> {
    let lp = &ctx.model.loops[l];
    ctx.eval_in(lp.function).trips(&lp.trips)
}

/// Is `ev`'s buffer released (same pointer, matching API, same function) within `body`?
fn released_within(ctx: &Context, ev: &Event, body: Span) -> bool {
    ctx.model.events.iter().any(|r| {
        matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
            && r.function == ev.function
            && body.contains(r.span)
            && r.pointer.is_some()
            && r.pointer == ev.pointer
            && ctx.catalog.releases(ev.api, r.api)
    })
}

/// How `ev` repeats in its function's loops, and whether its buffers pile up.
pub fn repetition(ctx: &Context, ev: &Event) -> Repetition {
    let loops = ctx.model.loop_chain(ev.innermost_loop);
    let events = product(ctx, &loops);
    if loops.is_empty() {
        // Outside loops: a manual buffer released in the same function does not outlive
        // the call; a scoped one is kept when stored into a container.
        let accumulates = match ev.lifetime {
            Lifetime::Manual => !released_within(ctx, ev, ctx.model.functions[ev.function].span),
            Lifetime::Scoped => ev.stored_in_container,
        };
        return Repetition {
            loops,
            events: None,
            accumulates,
            live: (!accumulates).then_some(1),
        };
    }
    let released_in = match ev.lifetime {
        // Manual buffers pile up unless the same pointer is released inside a loop body.
        Lifetime::Manual => loops
            .iter()
            .copied()
            .find(|&l| released_within(ctx, ev, ctx.model.loops[l].span)),
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

/// Size, repetition and ratio of one event, priced.
pub fn estimate(ctx: &Context, ev: &Event, rep: &Repetition) -> Estimate {
    estimate_in(ctx, ev, rep, &ctx.eval_in(ev.function))
}

/// `estimate` with `eval` for the site's size and loops.
fn estimate_in(ctx: &Context, ev: &Event, rep: &Repetition, eval: &Evaluator) -> Estimate {
    let api = &ctx.catalog.apis[ev.api];
    let ratio = ctx.settings.ratios.for_class(api.tax_class);
    // What this site's figures assume: its loops' trip counts and its size, evaluated anew.
    let _ = eval.take_assumed();
    for &l in &rep.loops {
        let _ = eval.trips(&ctx.model.loops[l].trips);
    }
    let size = ev.size.as_ref().and_then(|s| eval.bytes(s));
    let mut e = Estimate::new(size, rep.events, rep.accumulates, rep.live, ratio);
    e.assumed = eval.take_assumed();
    if size.is_none()
        && let Some(s) = ev.size.as_ref()
    {
        e.size_expr = eval.formula(s);
        e.free_names = eval.free_names(s);
    }
    if api.caching { e.through_cache() } else { e }
}

/// `estimate`, with the constants a caller passes for the site's parameters (`stage(b,
/// 1 << 20)` prices `cudaMallocHost(&p, n)` in `stage(x, n)`); `None` when the caller
/// passes none that the size uses. The estimate says which (`Estimate::from_caller`).
pub fn estimate_with_args(
    ctx: &Context,
    ev: &Event,
    rep: &Repetition,
    args: &[(String, i128)],
    caller: &str,
) -> Option<Estimate> {
    let size = ev.size.as_ref()?;
    let free = ctx.eval_in(ev.function).free_names(size);
    let used: Vec<&(String, i128)> = args.iter().filter(|(n, _)| free.contains(n)).collect();
    if used.is_empty() {
        return None;
    }
    let mut constants = ctx.model.constants.clone();
    for (n, v) in &used {
        constants.insert(n.clone(), crate::model::Expr::Int(*v));
    }
    // (The parameters the caller binds are constants now; the others stay free.)
    let unbound: Vec<(String, Option<crate::model::Expr>)> = ctx.model.functions[ev.function]
        .params
        .iter()
        .filter(|(p, _)| !used.iter().any(|(n, _)| n == p))
        .cloned()
        .collect();
    let eval = Evaluator::with_assumptions(&constants, ctx.settings.assume)
        .with_defaults(&ctx.model.defaults);
    let mut e = estimate_in(ctx, ev, rep, &eval.within(&unbound));
    e.from_caller = used.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    e.caller = Some(caller.to_string());
    Some(e)
}

/// The verbs for an event's kind: (`pins`, `frees`) or (`registers`, `unregisters`).
pub fn verbs(ctx: &Context, ev: &Event) -> (&'static str, &'static str) {
    if ctx.catalog.apis[ev.api].kind == ApiKind::Register {
        ("registers", "unregisters")
    } else {
        ("pins", "frees")
    }
}

/// A finding on `ev` with everything but the rule-specific words filled in.
pub fn finding(
    ctx: &Context,
    ev: &Event,
    rule: &RuleInfo,
    estimate: Estimate,
    message: String,
    labels: Vec<Label>,
    help: String,
) -> Finding {
    let mut message = message;
    if !estimate.from_caller.is_empty() {
        message.push_str(&format!(
            " (with {} for the call from `{}`)",
            estimate.from_caller.join(", "),
            estimate.caller.as_deref().unwrap_or("its caller")
        ));
    }
    if !estimate.assumed.is_empty() {
        message.push_str(&format!(" (assuming {})", estimate.assumed.join(", ")));
    }
    let mut estimate = estimate;
    if let (Some(vram), Some(tax)) = (ctx.settings.vram.filter(|v| *v > 0), estimate.tax_bytes) {
        // (Six decimals: the figure is an estimate, and JSON need not carry float noise.)
        let share = (tax as f64 / vram as f64 * 1e6).round() / 1e6;
        estimate.card_share = Some(share);
        estimate.over_share = share >= ctx.settings.vram_share;
        let mark = if estimate.over_share {
            format!(
                ", at or over the {} mark",
                crate::tax::format_percent(ctx.settings.vram_share)
            )
        } else {
            String::new()
        };
        message.push_str(&format!(
            " [{} of {} of VRAM{mark}]",
            crate::tax::format_share(tax, vram),
            format_bytes(vram)
        ));
    }
    let notes = vec![
        tax_note(&estimate),
        "Linux/TCC pay no VRAM for pinned memory, but pinning is slow everywhere \
         (about 0.5 ms per MiB) and page-locked RAM is taken from the OS"
            .to_string(),
    ];
    Finding {
        rule: rule.code,
        severity: rule.severity,
        file: 0,
        path: String::new(),
        language: ctx.language,
        span: ev.span,
        start: Position { line: 0, column: 0 },
        end: Position { line: 0, column: 0 },
        message,
        label: match (estimate.tax_bytes, estimate.tax_bytes_per_event) {
            (Some(t), _) => format!("≈ {} of VRAM under WDDM", format_bytes(t)),
            (None, Some(p)) => format!("≈ {} of VRAM under WDDM each time", format_bytes(p)),
            _ => "size unknown".to_string(),
        },
        api: ctx.catalog.apis[ev.api].name.clone(),
        estimate,
        loop_line: None,
        labels,
        notes,
        help,
        function: {
            let mut f = ev.function;
            while let (FunctionKind::Lambda, Some(p)) =
                (ctx.model.functions[f].kind, ctx.model.functions[f].parent)
            {
                f = p;
            }
            ctx.model.functions[f].name.clone()
        },
        snippet: String::new(),
        small: false,
        context: "",
        reason: String::new(),
    }
}

/// What one call costs when it is not repeated by a loop of its own function: the
/// per-batch and call-chain rules. Always says what is known.
pub fn per_call_detail(
    e: &Estimate,
    lifetime: Lifetime,
    verb: &str,
    frees: &str,
    per: &str,
) -> String {
    let pct = format_percent(e.ratio);
    let Some(size) = e.size_bytes else {
        return format!(
            "{}: each call costs {pct} of its pinned bytes in VRAM under WDDM",
            unknown_size(e)
        );
    };
    let size = format_bytes(size);
    let each = e.tax_bytes_per_event.map_or("?".into(), format_bytes);
    if e.cached && !e.accumulates {
        let block = e.block_bytes.map_or("?".into(), format_bytes);
        return format!(
            "{verb} {size} {per}; PyTorch's pinned-memory cache serves each call after the \
             first from a cached {block} block, so what repeats is the copy, and the cache \
             holds ≈ {each} of VRAM under WDDM (ratio {}) for the life of the process",
            e.ratio
        );
    }
    let kept = match (e.accumulates, lifetime) {
        (false, Lifetime::Manual) => format!(" and {frees} it before returning"),
        (false, Lifetime::Scoped) => String::new(),
        (true, Lifetime::Manual) => format!(" and never {frees} it"),
        (true, Lifetime::Scoped) => " and keeps it in a container".to_string(),
    };
    let total = if e.accumulates {
        ", adding up with every call"
    } else {
        ""
    };
    format!(
        "{verb} {size} {per}{kept}: ≈ {each} of VRAM {per} under WDDM (ratio {}){total}",
        e.ratio
    )
}

/// What is known of a size that is not static: "size unknown", or its formula
/// ("size `(rows + 1) × 4` bytes, not static").
pub fn unknown_size(e: &Estimate) -> String {
    match &e.size_expr {
        Some(f) => format!("size `{f}` bytes, not static"),
        None => "size unknown".to_string(),
    }
}

/// The call as the user wrote it, shortened: `th.empty(.., pin_memory=True)`, `x.pin_memory()`.
pub fn call_text(ev: &Event, api: &crate::catalog::Api) -> String {
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
    match api.match_kind {
        // libtorch's factories pin through their options.
        MatchKind::PinKwarg if !api.languages.contains(&crate::model::Language::Python) => {
            format!("{callee}(.., opts.pinned_memory(true))")
        }
        MatchKind::PinKwarg => format!(
            "{callee}(.., pin_memory={})",
            ev.pin_flag.as_deref().unwrap_or("True")
        ),
        MatchKind::Method => format!("{callee}()"),
        MatchKind::Call => callee,
    }
}

pub fn times(n: u64) -> &'static str {
    if n == 1 { "time" } else { "times" }
}

fn tax_note(e: &Estimate) -> String {
    let pct = format_percent(e.ratio);
    if let (true, Some(block)) = (e.cached, e.block_bytes) {
        let live = if e.accumulates { e.live } else { Some(1) };
        return match (live, e.tax_bytes) {
            (Some(n), Some(tax)) => format!(
                "VRAM tax under WDDM: {n} × a {} block (the request rounded up to a power of \
                 two) × {pct} ≈ {}, held by PyTorch's pinned-memory cache until \
                 `torch._C._host_emptyCache()`",
                format_bytes(block),
                format_bytes(tax)
            ),
            _ => format!(
                "VRAM tax under WDDM: {pct} of a {} block per live buffer, held by PyTorch's \
                 pinned-memory cache until `torch._C._host_emptyCache()`",
                format_bytes(block)
            ),
        };
    }
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
