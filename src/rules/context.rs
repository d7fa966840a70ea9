//! Where a pinning site runs: the precision layer that tells one-time setup and
//! allocate-once caches from hot paths (names in `rules/context.toml`).

use super::Context;
use super::pricing::Repetition;
use crate::catalog::glob;
use crate::model::{EscapeKind, Event, FunctionKind, Lifetime, PtrScope};

pub const HOT_LOOP: &str = "hot-loop";
pub const PER_BATCH: &str = "per-batch";
pub const CALL_IN_LOOP: &str = "call-in-loop";
pub const SETUP: &str = "setup";
pub const GUARDED_ONCE: &str = "guarded-once";
pub const ONCE: &str = "once";
pub const RETRY: &str = "retry";

/// Does `ev`'s innermost loop run again only while a call failed: its own call, one whose
/// status it stored, or the last CUDA/HIP call (`while (cudaGetLastError() != cudaSuccess)`)?
/// Then the loop retries (often with a smaller size); it does not repeat the allocation.
pub fn is_retry(ctx: &Context, ev: &Event) -> bool {
    let Some(l) = ev.innermost_loop else {
        return false;
    };
    ctx.model.loops[l].while_failing.iter().any(|status| {
        ctx.catalog
            .context
            .last_error_functions
            .iter()
            .any(|f| f == status)
            || ev.status_var.as_deref() == Some(status.as_str())
            || ev.callee.rsplit([':', '.', '>']).next() == Some(status.as_str())
    })
}

/// Every buffer the loop makes is kept: stored into a member, a container or a slot of an
/// array, and not released in the loop.
fn kept(ctx: &Context, ev: &Event, rep: &Repetition) -> bool {
    if !rep.accumulates {
        return false;
    }
    match ev.lifetime {
        Lifetime::Scoped => ev.stored_in_container,
        Lifetime::Manual => {
            let pointer = ev.pointer.as_deref().unwrap_or("");
            ev.pointer_scope == PtrScope::Member
                || pointer.contains('[')
                || super::pairing::escape(ctx, ev) == Some(EscapeKind::Stored)
        }
    }
}

/// Is `ev`, repeated by its loops, one-time setup? Kept buffers, and either a constructor
/// or init-like function, or `main` / the top level looping over devices or streams.
pub fn is_setup(ctx: &Context, ev: &Event, rep: &Repetition) -> bool {
    if rep.loops.is_empty() || !kept(ctx, ev, rep) {
        return false;
    }
    let names = &ctx.catalog.context;
    let home = super::pairing::owner(ctx, ev.function);
    let f = &ctx.model.functions[home];
    let constructor = f.class.as_deref() == Some(f.name.as_str());
    if constructor || names.setup_functions.iter().any(|p| glob(p, &f.name)) {
        return true;
    }
    let is_main = f.kind == FunctionKind::TopLevel || names.main_functions.contains(&f.name);
    is_main
        && rep.loops.iter().any(|&l| {
            ctx.model.loops[l]
                .names
                .iter()
                .any(|n| names.device_names.iter().any(|d| d.eq_ignore_ascii_case(n)))
        })
}
