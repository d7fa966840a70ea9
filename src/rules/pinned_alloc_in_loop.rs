//! GT101 pinned-alloc-in-loop.

use super::in_loop;
use super::meta::{Applies, RuleInfo};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT101",
    name: "pinned-alloc-in-loop",
    severity: Severity::Warning,
    summary: "a pinned host allocation (or `.pin_memory()` copy) runs on every iteration of a loop",
    doc: include_str!("pinned_alloc_in_loop.md"),
    default_enabled: true,
    applies: Applies::OwnLoop,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        if !matches!(ev.kind, ApiKind::Alloc | ApiKind::PinCopy) || ev.innermost_loop.is_none() {
            continue;
        }
        // Whether the loop is a hot path (not set-up, not a retry, not an allocate-once
        // guard nothing re-arms) is the frequency analysis' answer: `Applies::OwnLoop`
        // keeps the finding only at a `hot-loop` site.
        let help = "allocate one pinned buffer (or a pool) before the loop and reuse it on every \
                    iteration; under WDDM the VRAM tax is then paid once"
            .to_string();
        out.push(in_loop::finding(ctx, ev, &RULE, "pins host memory", help));
    }
}
