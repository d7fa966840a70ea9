//! Repetition and price: how often a call repeats inside its function's loops, whether
//! its buffers pile up or are released each time, and what that costs (`Estimate`).

use super::view::Context;
use crate::catalog::ApiKind;
use crate::model::{EscapeKind, Event, Lifetime, LoopId, PtrScope, Span, root_name};
use crate::tax::{Estimate, Evaluator};

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
            // (Not the clean-up when the pin itself failed.)
            && !ctx.model.on_failure_of(ev.span, r.span)
            && r.pointer.is_some()
            && r.pointer == ev.pointer
            && ctx.catalog.releases(ev.api, r.api)
    })
}

/// An RAII class: a constructor pins a member that the class's destructor releases, so
/// each object gives its buffer back when it goes (`Staging s;` in a loop re-pins, but
/// nothing piles up; `new Staging` kept in a list still does). The release may be in a
/// method of the class the destructor calls (`~PinnedBuffer() { reset(); }`).
pub fn freed_by_destructor(ctx: &Context, ev: &Event) -> bool {
    let f = &ctx.model.functions[ev.function];
    let Some(class) = f.class.as_deref() else {
        return false;
    };
    if f.name != class {
        return false;
    }
    let Some(pinned) = pinned_member(ctx, ev) else {
        return false;
    };
    let model = ctx.model;
    let of_class = |g: usize| model.functions[g].class.as_deref() == Some(class);
    let destructor = |g: usize| model.functions[g].name.strip_prefix('~') == Some(class);
    // (The methods the destructor calls on its own object.)
    let called: Vec<&str> = model
        .calls
        .iter()
        .filter(|c| destructor(c.function) && of_class(c.function))
        .filter(|c| {
            matches!(
                c.receiver,
                crate::model::Receiver::None | crate::model::Receiver::SelfRef
            )
        })
        .map(|c| c.callee.as_str())
        .collect();
    model.events.iter().any(|r| {
        let g = &model.functions[r.function];
        matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
            && of_class(r.function)
            && (destructor(r.function) || called.contains(&g.name.as_str()))
            && member(&r.pointer) == Some(pinned)
            && ctx.catalog.releases(ev.api, r.api)
    })
}

/// A member name, without `this->` or `self.`.
fn member(p: &Option<String>) -> Option<&str> {
    p.as_deref()
        .map(|p| p.trim_start_matches("this->").trim_start_matches("self."))
}

/// The member of its object that `ev` pins: its pointer (`cudaMallocHost(&data_, n)`), or
/// the member a method stores the local it pinned into (`void* p; cudaMallocHost(&p, n);
/// data_ = static_cast<T*>(p);`).
pub fn pinned_member<'c>(ctx: &'c Context, ev: &'c Event) -> Option<&'c str> {
    if ev.pointer_scope == PtrScope::Member {
        return member(&ev.pointer);
    }
    let local = ev.pointer.as_deref()?;
    if ev.pointer_scope != PtrScope::Local {
        return None;
    }
    ctx.model.escapes.iter().find_map(|e| {
        let target = e.target.as_deref()?;
        let name = target.trim_start_matches("this->");
        (e.function == ev.function
            && e.kind == EscapeKind::Stored
            && e.name == local
            && !name.is_empty()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then_some(name)
    })
}

/// An allocator class: the method that pins returns the buffer, and another method of the
/// same class releases what it is given (`allocate` / `deallocate`), so a container
/// built on it gives its storage back when the container goes.
pub fn freed_by_class(ctx: &Context, ev: &Event) -> bool {
    let f = &ctx.model.functions[ev.function];
    let Some(class) = f.class.as_deref() else {
        return false;
    };
    let returned = ev.pointer.as_deref().is_some_and(|p| {
        ctx.model.escapes.iter().any(|e| {
            e.function == ev.function && e.name == root_name(p) && e.kind == EscapeKind::Returned
        })
    });
    returned
        && ctx.model.events.iter().any(|r| {
            let g = &ctx.model.functions[r.function];
            matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
                && r.function != ev.function
                && g.class.as_deref() == Some(class)
                && r.pointer_scope == PtrScope::Param
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

/// A per-call estimate for a buffer that another function of its own releases
/// (`tb_shutdown` after `tb_init`: `ownership::released_elsewhere`): nothing is known to
/// add up. The estimate reshaped so, and that function's name; else as it was.
pub fn given_back_elsewhere<'a>(
    ctx: &Context<'a>,
    ev: &Event,
    e: Estimate,
) -> (Estimate, Option<&'a str>) {
    let by = (e.accumulates && ev.lifetime == Lifetime::Manual)
        .then(|| super::ownership::released_elsewhere(ctx, ev))
        .flatten();
    match by {
        Some(_) => (e.reshaped(e.events, false, None), by),
        None => (e, None),
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
    let eval = Evaluator::with_assumptions(&constants, &ctx.settings.assume)
        .with_defaults(&ctx.model.defaults);
    let mut e = estimate_in(ctx, ev, rep, &eval.within(&unbound));
    e.from_caller = used.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    e.caller = Some(caller.to_string());
    Some(e)
}

/// At most this many bytes (or elements of a type the file does not define) per device,
/// stream or process make a buffer bookkeeping: a few scalars each.
const BOOKKEEPING_BYTES: i128 = 64;

/// Is a buffer of `size` bookkeeping: sized by device, stream or process counts alone
/// (`count_names`), a few scalars each (`num_procs × sizeof(size_t)`,
/// `gpu_count × sizeof(offset_t)`)? It is made with the topology it describes, once per
/// communicator or op. (A small constant size says nothing of how often a function runs:
/// a 4 KiB scratch buffer leaked per call grows like any other leak.)
pub fn is_bookkeeping(
    ctx: &Context,
    function: crate::model::FuncId,
    size: &crate::model::Expr,
) -> bool {
    let names = &ctx.catalog.context;
    let eval = ctx.eval_in(function);
    let free = eval.free_names(size);
    !free.is_empty()
        && free.iter().all(|n| names.is_count(n))
        && eval
            .eval_filling(size, &|n| {
                (names.is_count(n) || n.starts_with("sizeof(")).then_some(1)
            })
            .is_some_and(|per| (0..=BOOKKEEPING_BYTES).contains(&per))
}
