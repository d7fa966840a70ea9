//! GT205 dataloader-rebuilt.

use super::message::{self, times};
use super::meta::{Applies, RuleInfo};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT205",
    name: "dataloader-rebuilt",
    severity: Severity::Warning,
    summary: "a `DataLoader(.., pin_memory=True)` is built again on a path that repeats (an epoch loop, a function called per epoch, step or request)",
    doc: include_str!("dataloader_rebuilt.md"),
    default_enabled: true,
    // Whether the path repeats is the frequency analysis' answer (the site's context).
    applies: Applies::Repeated,
    languages: "python",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        // A loop that keeps every loader it builds (one per rank or dataset) builds a set.
        if ev.kind != ApiKind::Loader
            || ev.guarded_once
            || (ev.stored_in_container && ev.innermost_loop.is_some())
        {
            continue;
        }
        let rep = repetition(ctx, ev);
        let mut estimate = repetition::estimate(ctx, ev, &rep);
        // (What a loader pins is its batches, whose size the call does not say.)
        estimate.size_expr = None;
        estimate.free_names.clear();
        let message = format!(
            "`{}(.., pin_memory={})` is built anew each time this code runs: every new loader \
             starts its own pin-memory thread (and its workers) again and pins the batches it \
             yields{}; under WDDM each pinned batch also reserves {} of its size in VRAM",
            ev.callee,
            ev.pin_flag.as_deref().unwrap_or("True"),
            if ev.pin_flag.is_some() {
                " (when the flag is on)"
            } else {
                ""
            },
            crate::tax::format_percent(estimate.ratio),
        );
        let labels = rep
            .loops
            .first()
            .map(|&l| {
                let text = match repetition::trips(ctx, l) {
                    Some(n) => format!("builds a loader {n} {}", times(n)),
                    None => "builds a loader on every iteration".to_string(),
                };
                Label::new(None, ctx.model.loops[l].header, text, true)
            })
            .into_iter()
            .collect();
        let help = "build the loader once, before the loop (with `persistent_workers=True` when \
                    it has workers), and iterate it every epoch"
            .to_string();
        let mut finding = message::finding(ctx, ev, &RULE, estimate, message, labels, help);
        finding.label = "a new pinning loader each time".to_string();
        out.push(finding);
    }
}
