//! GT301 register-without-unregister.

use super::pricing::{self, call_text, repetition};
use super::{Applies, Context, RuleInfo, pairing};
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};
use crate::model::PtrScope;
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT301",
    name: "register-without-unregister",
    severity: Severity::Warning,
    summary: "a host registration whose buffer is never unregistered in its scope (function, class or file)",
    doc: include_str!("register_without_unregister.md"),
    default_enabled: true,
    applies: Applies::Unbounded,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        // Registrations repeated by a loop are GT303's, which counts them.
        if ev.kind != ApiKind::Register || ev.innermost_loop.is_some() {
            continue;
        }
        // A local buffer that leaves the function (stored into a container, returned) is
        // released, or not, by whoever holds it. (A caller's buffer is still flagged when
        // nothing in scope unregisters it: the usual leak.)
        let handed_off = ev.stored_in_container
            || (ev.pointer_scope == PtrScope::Local && pairing::escape(ctx, ev).is_some());
        // A registration owned by a value (accel's `RegisteredMemory`) ends with it.
        if ev.lifetime == crate::model::Lifetime::Scoped {
            continue;
        }
        if !pairing::releases(ctx, ev).is_empty()
            || pairing::wrapper_paired(ctx, ev)
            || pairing::in_shim(ctx, ev)
            || pairing::raii_guarded(ctx, ev)
            || handed_off
        {
            continue;
        }
        let Some(pointer) = ev.pointer.as_deref() else {
            continue;
        };
        out.push(leak(ctx, ev, &RULE, pointer));
    }
}

/// A registration or allocation that nothing releases: priced once, held for the life of
/// the process.
pub fn leak(ctx: &Context, ev: &crate::model::Event, rule: &RuleInfo, pointer: &str) -> Finding {
    let rep = repetition(ctx, ev);
    let base = pricing::estimate(ctx, ev, &rep);
    let estimate = base.reshaped(base.events, true, Some(1));
    let (verb, frees) = pricing::verbs(ctx, ev);
    let release = ctx.catalog.apis[ev.api]
        .released_by
        .first()
        .cloned()
        .unwrap_or_else(|| "the matching release".into());
    let cost = match (estimate.size_bytes, estimate.tax_bytes) {
        (Some(size), Some(tax)) => format!(
            "{verb} {} for the life of the process: ≈ {} of VRAM under WDDM (ratio {})",
            format_bytes(size),
            format_bytes(tax),
            estimate.ratio
        ),
        _ => format!(
            "{}: its VRAM tax under WDDM is held for the life of the process",
            super::pricing::unknown_size(&estimate)
        ),
    };
    let message = format!(
        "`{}` {verb} `{pointer}` but nothing {frees} it {} ({release} is never called on it): {cost}",
        call_text(ev, &ctx.catalog.apis[ev.api]),
        pairing::scope_words(ctx, ev),
    );
    let help = format!(
        "call `{release}({pointer})` when the buffer is no longer needed: in the same function, \
         a destructor / `close()` / `__exit__`, a `finally:` block, or an RAII guard"
    );
    let mut finding = pricing::finding(ctx, ev, rule, estimate, message, Vec::new(), help);
    finding.small = ev.size.as_ref().is_some_and(|s| small(ctx, ev.function, s));
    finding.label = if frees == "unregisters" {
        "never unregistered".to_string()
    } else {
        "never freed".to_string()
    };
    finding
}

/// At most this many bytes (or elements of a type the file does not define) per device,
/// stream or process make a buffer bookkeeping: a few scalars each.
const BOOKKEEPING_BYTES: i128 = 64;

/// Is a buffer of `size` bookkeeping: sized by device, stream or process counts alone
/// (`count_names`), a few scalars each (`num_procs × sizeof(size_t)`,
/// `gpu_count × sizeof(offset_t)`)? It is made with the topology it describes, once per
/// communicator or op. (A small constant size says nothing of how often a function runs:
/// a 4 KiB scratch buffer leaked per call grows like any other leak.)
fn small(ctx: &Context, function: crate::model::FuncId, size: &crate::model::Expr) -> bool {
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
