//! Rules: each reads the analysis answers for one file (`Context`) or the whole run
//! (`ProjectContext`, `Frequency`) and decides what to report. One rule per file, its
//! documentation in the Markdown file beside it (what `ghosttax explain CODE` prints).
//! This file is the registry: every rule's metadata (`ALL`, `find`) and the order they run
//! in. Rule files import the analysis layer, `meta` and `message`, never each other.

mod at_invocation;
pub mod dataloader_pin_memory;
pub mod dataloader_rebuilt;
pub mod host_register_in_loop;
mod in_loop;
pub mod leak_on_early_exit;
mod message;
pub mod meta;
pub mod pinned_alloc_in_loop;
pub mod pinned_alloc_never_freed;
pub mod pinned_alloc_per_batch;
pub mod pinned_alloc_via_call_in_loop;
pub mod pinned_churn_per_call;
pub mod pinned_inventory;
pub mod pinned_repeatedly_at_run_time;
pub mod register_loop_unpaired;
pub mod register_without_unregister;
pub mod tiny_pinned_alloc;
pub mod unregister_without_register;
pub mod unused_suppression;

use std::collections::HashSet;

use crate::analysis::frequency;
use crate::analysis::view::{Context, ProjectContext};
use crate::finding::Finding;
pub use message::{NOT_REACHED, measured_note};
pub use meta::{Applies, RuleInfo};

/// Every rule, in code order.
pub const ALL: &[&RuleInfo] = &[
    &pinned_inventory::RULE,
    &pinned_alloc_in_loop::RULE,
    &host_register_in_loop::RULE,
    &pinned_alloc_per_batch::RULE,
    &pinned_alloc_via_call_in_loop::RULE,
    &tiny_pinned_alloc::RULE,
    &dataloader_pin_memory::RULE,
    &dataloader_rebuilt::RULE,
    &pinned_churn_per_call::RULE,
    &register_without_unregister::RULE,
    &unregister_without_register::RULE,
    &register_loop_unpaired::RULE,
    &leak_on_early_exit::RULE,
    &pinned_alloc_never_freed::RULE,
    &pinned_repeatedly_at_run_time::RULE,
    &unused_suppression::RULE,
];

/// The codes a selector names: a code (`GT101`), a prefix (`GT1`) or `ALL`. An unknown
/// selector is an error that lists the valid codes.
pub fn expand(item: &str) -> Result<Vec<&'static str>, String> {
    let item = item.trim();
    let matched: Vec<&'static str> = ALL
        .iter()
        .map(|r| r.code)
        .filter(|code| item.eq_ignore_ascii_case("ALL") || starts_with_ignore_case(code, item))
        .collect();
    if item.is_empty() || matched.is_empty() {
        let valid: Vec<&str> = ALL.iter().map(|r| r.code).collect();
        return Err(format!(
            "unknown rule code `{item}`; valid codes: {} (or a prefix such as GT1, or ALL)",
            valid.join(", ")
        ));
    }
    Ok(matched)
}

/// The enabled codes: `select` (or every rule on by default when it is empty), plus
/// `extend_select`, minus `ignore`.
pub fn selection(
    select: &[String],
    extend_select: &[String],
    ignore: &[String],
) -> Result<HashSet<&'static str>, String> {
    let mut enabled: HashSet<&'static str> = if select.is_empty() {
        ALL.iter()
            .filter(|r| r.default_enabled)
            .map(|r| r.code)
            .collect()
    } else {
        let mut set = HashSet::new();
        for item in select {
            set.extend(expand(item)?);
        }
        set
    };
    for item in extend_select {
        enabled.extend(expand(item)?);
    }
    for item in ignore {
        for code in expand(item)? {
            enabled.remove(code);
        }
    }
    Ok(enabled)
}

fn starts_with_ignore_case(code: &str, prefix: &str) -> bool {
    code.len() >= prefix.len() && code[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Does the rule need callers followed across files: a chain rule, the inventory, or a
/// rule that reports only in some contexts (which callers decide)?
pub fn follows_calls(code: &str) -> bool {
    matches!(code, "GT100" | "GT201" | "GT202")
        || find(code).is_some_and(|r| r.applies != Applies::Always)
}

pub fn find(code: &str) -> Option<&'static RuleInfo> {
    ALL.iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(code))
}

/// A rule by its name (`pinned-alloc-in-loop`, any case), as `ghosttax rules` prints it.
pub fn by_name(name: &str) -> Option<&'static RuleInfo> {
    ALL.iter()
        .copied()
        .find(|r| r.name.eq_ignore_ascii_case(name.trim()))
}

/// Run the per-file rules over one file's model.
pub fn check(ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    pinned_alloc_in_loop::check(ctx, &mut out);
    host_register_in_loop::check(ctx, &mut out);
    tiny_pinned_alloc::check(ctx, &mut out);
    pinned_churn_per_call::check(ctx, &mut out);
    dataloader_pin_memory::check(ctx, &mut out);
    dataloader_rebuilt::check(ctx, &mut out);
    register_without_unregister::check(ctx, &mut out);
    unregister_without_register::check(ctx, &mut out);
    register_loop_unpaired::check(ctx, &mut out);
    leak_on_early_exit::check(ctx, &mut out);
    pinned_alloc_never_freed::check(ctx, &mut out);
    out
}

/// Run the whole-run rules. A site reached from a loop through a call chain is reported
/// once, as GT202, with the chain; GT201 covers per-batch sites no loop visibly reaches.
/// Also returns every pinning site's context, keyed by (file, call start), for the
/// `context` of every finding.
pub fn check_project(pc: &ProjectContext) -> (Vec<Finding>, frequency::Contexts) {
    let freq = frequency::Frequency::new(pc);
    let mut out = Vec::new();
    let mut chained = HashSet::new();
    if pc
        .selected
        .contains(pinned_alloc_via_call_in_loop::RULE.code)
    {
        pinned_alloc_via_call_in_loop::check(pc, &freq, &mut chained, &mut out);
    }
    pinned_alloc_per_batch::check(pc, &freq, &chained, &mut out);
    let contexts = freq.sites();
    if pc.selected.contains(pinned_inventory::RULE.code) {
        pinned_inventory::check(pc, &contexts, &mut out);
    }
    (out, contexts)
}

/// Move the loop rules' findings on a function-like macro's body to its invocations
/// (`at_invocation.rs`); after `settle`, which decided the body's context.
pub fn at_invocations(pc: &ProjectContext, findings: &mut Vec<Finding>) {
    at_invocation::relocate(pc, findings);
}

/// Give every finding its site's context and evidence, and keep those its rule reports
/// in that context.
pub fn settle(findings: &mut Vec<Finding>, contexts: &frequency::Contexts) {
    findings.retain_mut(|f| {
        let Some(site) = contexts.get(&f.site.unwrap_or((f.file, f.span.start))) else {
            return true;
        };
        f.context = site.context;
        if f.reason.is_empty() {
            f.reason = site.evidence.clone();
        }
        // (A guard that should make it run once does not: the reader needs to know why.)
        if let Some(why) = &site.rearmed {
            f.notes
                .push(format!("its allocate-once guard does not hold: {why}"));
        }
        f.broken || find(f.rule).is_none_or(|r| r.applies.reports_in(site, f.small))
    });
}
