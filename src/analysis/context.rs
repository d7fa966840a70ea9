//! Where a pinning site runs: the precision layer that tells one-time setup and
//! allocate-once caches from hot paths (names in `rules/context.toml`).

use super::repetition::Repetition;
use super::view::Context;
use crate::model::{
    EscapeKind, Event, FileModel, Function, FunctionKind, Lifetime, LoopId, PtrScope,
};

pub const HOT_LOOP: &str = "hot-loop";
pub const PER_BATCH: &str = "per-batch";
pub const CALL_IN_LOOP: &str = "call-in-loop";
pub const SETUP: &str = "setup";
pub const GUARDED_ONCE: &str = "guarded-once";
pub const ONCE: &str = "once";
pub const RETRY: &str = "retry";
pub const TEST: &str = "test";
/// A vendored copy of another project: its fix belongs upstream.
pub const VENDORED: &str = "vendored";

/// The flag `ev` waits for when it pins only at its caller's request: `ev` runs under
/// `if flag:` (or `if flag and ..:`) where `flag` is the caller's to set, a parameter
/// without a true default or a keyword read with a false one (`kw.get("pin_memory",
/// False)`). A loop of its own function around it (`for part in obj.parts(): if pin:
/// part.pin_memory()`) then splits one request into its parts: how often the pin runs
/// is how often callers ask.
pub fn requested_flag<'e>(model: &FileModel, ev: &'e Event) -> Option<&'e str> {
    let (flag, true) = ev.condition.as_ref()? else {
        return None;
    };
    is_request(model, &model.functions[ev.function], flag).then_some(flag.as_str())
}

/// Is `name` a flag that the caller of `function` (of `model`) sets, defaulting to off
/// (see `requested_flag`)?
pub fn is_request(model: &FileModel, function: &Function, name: &str) -> bool {
    function.requested.iter().any(|r| r == name)
        || function.params.iter().any(|(p, default)| {
            p == name
                && default
                    .as_ref()
                    .and_then(|d| crate::tax::Evaluator::new(&model.constants).eval(d))
                    .is_none_or(|v| v == 0)
        })
}

/// Does `ev`'s innermost loop run again only while a call failed: its own call, one whose
/// status it stored, or the last CUDA/HIP call (`while (cudaGetLastError() != cudaSuccess)`)?
/// Then the loop retries (often with a smaller size); it does not repeat the allocation.
pub fn is_retry(ctx: &Context, ev: &Event) -> bool {
    ev.innermost_loop.is_some_and(|l| retries(ctx, l, ev))
}

/// Does loop `l` run only while `ev` failed? Its condition tests `ev`'s status variable,
/// `ev` itself, or the last CUDA/HIP error when `ev` is the last call before the test.
pub fn retries(ctx: &Context, l: LoopId, ev: &Event) -> bool {
    let lp = &ctx.model.loops[l];
    let last_error = &ctx.catalog.context.last_error_functions;
    let is_last_error = |name: &str| last_error.iter().any(|f| f == name);
    lp.while_failing.iter().any(|status| {
        if ev.status_var.as_deref() == Some(status.as_str()) || last_name(&ev.callee) == status {
            return true;
        }
        if !is_last_error(status) {
            return false;
        }
        // Between `ev` and the test (the loop's start, or for a call inside the loop, the
        // end of its body), no other call may set the last error.
        let end = if lp.span.contains(ev.span) {
            lp.span.end
        } else {
            lp.span.start
        };
        let between = |s: crate::model::Span| s.start >= ev.span.end && s.start < end;
        let other_call = ctx.model.calls.iter().any(|c| {
            c.function == ev.function && between(c.span) && !is_last_error(last_name(&c.callee))
        });
        let other_event = ctx
            .model
            .events
            .iter()
            .any(|e| e.function == ev.function && between(e.span));
        !other_call && !other_event
    })
}

fn last_name(callee: &str) -> &str {
    callee.rsplit([':', '.', '>']).next().unwrap_or(callee)
}

/// Every buffer the loop makes is kept: stored into a member, a container or a slot of an
/// array, and not released in the loop.
pub fn kept(ctx: &Context, ev: &Event, rep: &Repetition) -> bool {
    if !rep.accumulates {
        return false;
    }
    match ev.lifetime {
        Lifetime::Scoped => ev.stored_in_container,
        Lifetime::Manual => {
            let pointer = ev.pointer.as_deref().unwrap_or("");
            ev.pointer_scope == PtrScope::Member
                || pointer.contains('[')
                || ev.stored_in_container
                || super::ownership::escape(ctx, ev) == Some(EscapeKind::Stored)
        }
    }
}

/// Is `ev`, repeated by its loops, one-time setup? Kept buffers, and either a constructor
/// or init-like function, or `main` / the top level looping over devices or streams or
/// making a small fixed set of buffers.
pub fn is_setup(ctx: &Context, ev: &Event, rep: &Repetition) -> bool {
    if rep.loops.is_empty() || !kept(ctx, ev, rep) {
        return false;
    }
    let names = &ctx.catalog.context;
    let home = super::ownership::owner(ctx, ev.function);
    let f = &ctx.model.functions[home];
    let constructor = f.class.as_deref() == Some(f.name.as_str());
    if constructor || names.is_setup_name_in(&f.name, ctx.language) {
        return true;
    }
    // One loop filling the slots of an array the program keeps (a member, a global:
    // `for (i ..) cudaMallocHost(&g.slots[i], ..)`), the only code of the file that fills
    // them, builds a set once, whatever its function is called; if that function runs
    // again, its callers say so (GT202). (A second filler, `refill()` after the
    // constructor, makes them again.)
    let pointer = ev.pointer.as_deref().unwrap_or("");
    let array = pointer.split('[').next().unwrap_or("");
    let root = crate::model::root_name(pointer.trim_start_matches(['(', '*', '&']));
    let only_filler = || {
        !ctx.model.events.iter().any(|e| {
            e.kind == ev.kind
                && super::ownership::owner(ctx, e.function) != home
                && e.pointer
                    .as_deref()
                    .is_some_and(|p| p.split('[').next() == Some(array))
        })
    };
    if rep.loops.len() == 1
        && ev.lifetime == Lifetime::Manual
        && pointer.contains('[')
        && matches!(
            ev.pointer_scope,
            PtrScope::Member | PtrScope::Global | PtrScope::Static
        )
        && !f.params.iter().any(|(p, _)| p == root)
        && only_filler()
    {
        return true;
    }
    let is_main = f.kind == FunctionKind::TopLevel || names.main_functions.contains(&f.name);
    // `for (i = 0; i < 2; ++i) cudaMallocHost(&vec[i], ..)` in `main`: a fixed set of
    // buffers, made once.
    let small_set = rep.events.is_some_and(|n| n <= SMALL_SET);
    is_main
        && (small_set
            || rep.loops.iter().any(|&l| {
                ctx.model.loops[l]
                    .names
                    .iter()
                    .any(|n| names.device_names.iter().any(|d| d.eq_ignore_ascii_case(n)))
            }))
}

/// At most this many kept buffers made by a counted loop in `main` are a fixed set of
/// long-lived buffers (double buffers, one per stage), not a leak that grows.
pub const SMALL_SET: u64 = 8;
