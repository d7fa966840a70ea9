//! GT305 pinned-alloc-never-freed.

use super::message;
use super::meta::{Applies, RuleInfo};
use crate::analysis::view::Context;
use crate::analysis::{ownership, repetition};
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};
use crate::model::{Event, Language, Lifetime, PtrScope};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT305",
    name: "pinned-alloc-never-freed",
    severity: Severity::Warning,
    summary: "a C/C++/CUDA pinned allocation whose pointer never reaches the matching free and does not leave the function",
    doc: include_str!("pinned_alloc_never_freed.md"),
    default_enabled: true,
    applies: Applies::Unbounded,
    languages: "c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        if ev.kind != ApiKind::Alloc || ev.lifetime != Lifetime::Manual {
            continue;
        }
        let Some(pointer) = ev.pointer.as_deref() else {
            continue;
        };
        // A class that frees some of its pinned members on tear-down and forgets this
        // one: a bug wherever it runs (in Python too, where nothing else is checked).
        if let Some((method, r)) = ownership::forgotten_member(ctx, ev)
            && !ownership::raii_guarded(ctx, ev)
        {
            out.push(message::forgotten_member(
                ctx, ev, &RULE, pointer, method, r,
            ));
            continue;
        }
        if ctx.language == Language::Python {
            continue;
        }
        // The caller's storage (`cudaMallocHost(out, n)`) is the caller's to free; a
        // function-local `static` is meant to live as long as the process.
        if let Some(r) = ownership::only_tolerated_release(ctx, ev) {
            out.push(tolerated(ctx, ev, pointer, r));
            continue;
        }
        // `data_ = fresh` in a `grow` that never frees the block `data_` held.
        if let Some((store, at)) = ownership::overwritten_store(ctx, ev) {
            out.push(message::overwrites(ctx, ev, &RULE, pointer, &store, at));
            continue;
        }
        if matches!(ev.pointer_scope, PtrScope::Param | PtrScope::Static)
            || !ownership::releases(ctx, ev).is_empty()
            || ownership::raii_guarded(ctx, ev)
        {
            continue;
        }
        // `free(p)` / `delete[] p` on pinned memory: the pages stay locked.
        if let Some(d) = ownership::freed_by_host(ctx, ev) {
            out.push(message::wrong_release(ctx, ev, &RULE, pointer, d));
            continue;
        }
        // Returned, written out, stored or captured: ownership moved on. A member stays
        // the class's to free.
        if ev.pointer_scope != PtrScope::Member && ownership::escape(ctx, ev).is_some() {
            continue;
        }
        out.push(message::leak(ctx, ev, &RULE, pointer));
    }
}

/// Released through a call that works but is not the documented pair (`hipFree` on
/// `hipHostMalloc` memory): nothing leaks, so only an info names the documented release.
fn tolerated(ctx: &Context, ev: &Event, pointer: &str, r: &Event) -> Finding {
    let api = &ctx.catalog.apis[ev.api];
    let used = &ctx.catalog.apis[r.api].name;
    let documented = api
        .released_by
        .first()
        .cloned()
        .unwrap_or_else(|| "the matching release".into());
    let estimate = repetition::estimate(ctx, ev, &repetition::repetition(ctx, ev));
    let text = format!(
        "`{}` pins `{pointer}`, and `{used}({pointer})` releases it: that works, but \
         `{documented}` is the documented release for this memory",
        message::call_text(ev, api),
    );
    let help = format!("release it with `{documented}({pointer})`");
    let labels = vec![Label::new(
        None,
        r.span,
        format!("released here with `{used}`"),
        false,
    )];
    let mut f = message::finding(ctx, ev, &RULE, estimate, text, labels, help);
    f.severity = Severity::Info;
    f.label = format!("released with `{used}`");
    f
}
