//! GT204 dataloader-pin-memory.

use super::message::{self};
use super::meta::{Applies, RuleInfo};
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT204",
    name: "dataloader-pin-memory",
    severity: Severity::Info,
    summary: "`DataLoader(.., pin_memory=True)`: worth a look in an incident sweep (off by default)",
    doc: include_str!("dataloader_pin_memory.md"),
    default_enabled: false,
    applies: Applies::Always,
    languages: "python",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        // (A loader pinning by a switch, `pin_memory=cfg.pin_memory` or a parameter not
        // defaulting to `True`, is the user's choice already: this rule asks about `True`.)
        if ev.kind != ApiKind::Loader || ev.pins_by_switch() {
            continue;
        }
        let rep = repetition(ctx, ev);
        let estimate = repetition::estimate(ctx, ev, &rep);
        let message = format!(
            "`{}(.., pin_memory=True)` pins every batch it yields: under WDDM each pinned batch \
             also reserves {} of its size in VRAM; check the copy to the GPU needs it",
            ev.callee,
            crate::tax::format_percent(estimate.ratio),
        );
        let help = "keep `pin_memory=True` only where batches are copied to the GPU with \
                    `non_blocking=True`; measure with and without it"
            .to_string();
        let mut finding = message::finding(ctx, ev, &RULE, estimate, message, Vec::new(), help);
        finding.label = "pins every batch".to_string();
        out.push(finding);
    }
}
