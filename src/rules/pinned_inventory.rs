//! GT100 pinned-inventory: every pinned allocation and registration site, with its size,
//! tax and context, for an incident review's VRAM budget.

use std::collections::HashSet;

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::context::ONCE;
use crate::analysis::frequency::Contexts;
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::ProjectContext;
use crate::finding::{Finding, Severity};
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT100",
    name: "pinned-inventory",
    severity: Severity::Info,
    summary: "every pinned allocation and registration site, with its size, tax and context (off by default)",
    doc: include_str!("pinned_inventory.md"),
    default_enabled: false,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(pc: &ProjectContext, contexts: &Contexts, out: &mut Vec<Finding>) {
    let mut seen = HashSet::new();
    for (file, f) in pc.index.files.iter().enumerate() {
        let ctx = pc.file_context(file);
        for ev in f.model.events.iter().filter(|e| e.kind.pins()) {
            if !seen.insert((file, ev.span.start)) {
                continue;
            }
            let (c, evidence) = contexts
                .get(&(file, ev.span.start))
                .map_or((ONCE, ""), |s| (s.context, s.evidence.as_str()));
            let rep = repetition(&ctx, ev);
            let estimate = repetition::estimate(&ctx, ev, &rep);
            let size = match (estimate.size_bytes, &estimate.size_expr) {
                (Some(b), _) => format_bytes(b),
                (None, Some(f)) => format!("`{f}` bytes"),
                (None, None) => "an unknown size".into(),
            };
            let tax = match (
                estimate.tax_bytes,
                estimate.tax_bytes_per_event,
                estimate.tax_expr(),
            ) {
                (Some(t), _, _) => format!("≈ {} of VRAM under WDDM", format_bytes(t)),
                (None, Some(p), _) => {
                    format!("≈ {} of VRAM under WDDM each time", format_bytes(p))
                }
                (None, None, Some(f)) => format!("≈ `{f}` bytes of VRAM under WDDM per buffer"),
                _ => "VRAM tax unknown".to_string(),
            };
            let (verb, _) = message::verbs(&ctx, ev);
            let message = format!(
                "`{}` {verb} {size} ({c}): {tax}",
                call_text(ev, &ctx.catalog.apis[ev.api])
            );
            let mut finding = message::finding(
                &ctx,
                ev,
                &RULE,
                estimate,
                message,
                Vec::new(),
                "an inventory entry, not a problem: see the other rules for what to fix".into(),
            );
            finding.file = file;
            finding.context = c;
            finding.reason = evidence.to_string();
            finding.label = c.to_string();
            out.push(finding);
        }
    }
}
