//! GT203 tiny-pinned-alloc.

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT203",
    name: "tiny-pinned-alloc",
    severity: Severity::Warning,
    summary: "a pinned allocation smaller than 64 KiB (configurable): pinning costs a page and a driver round trip each time",
    doc: include_str!("tiny_pinned_alloc.md"),
    default_enabled: true,
    applies: Applies::Repeated,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    let threshold = ctx.settings.tiny_alloc_bytes;
    for ev in &ctx.model.events {
        if !matches!(ev.kind, ApiKind::Alloc | ApiKind::PinCopy) {
            continue;
        }
        let Some(size) = ev
            .size
            .as_ref()
            .and_then(|s| ctx.eval_in(ev.function).bytes(s))
        else {
            continue;
        };
        // A zero-byte request pins nothing (the driver rejects it).
        if size >= threshold || size == 0 {
            continue;
        }
        let rep = repetition(ctx, ev);
        let estimate = repetition::estimate(ctx, ev, &rep);
        let message = format!(
            "`{}` pins only {}, below the {} threshold: each pinned allocation costs at least a \
             page and a driver round trip, and under WDDM ≈ {} of VRAM",
            call_text(ev, &ctx.catalog.apis[ev.api]),
            format_bytes(size),
            format_bytes(threshold),
            estimate
                .tax_bytes_per_event
                .map_or("?".into(), format_bytes),
        );
        let help = "use pageable memory for small messages, or carve small buffers out of one \
                    long-lived pinned pool"
            .to_string();
        let mut finding = message::finding(ctx, ev, &RULE, estimate, message, Vec::new(), help);
        finding.label = format!("pins only {}", format_bytes(size));
        out.push(finding);
    }
}
