//! Rules: each reads one file's model (or, for call chains and per-batch entry points, the
//! whole-run index) and reports findings. One rule per file, its documentation in the
//! Markdown file beside it (what `ghosttax explain CODE` prints).

pub mod context;
pub mod dataloader_pin_memory;
pub mod frequency;
pub mod host_register_in_loop;
mod in_loop;
pub mod leak_on_early_exit;
mod pairing;
pub mod pinned_alloc_in_loop;
pub mod pinned_alloc_never_freed;
pub mod pinned_alloc_per_batch;
pub mod pinned_alloc_via_call_in_loop;
pub mod pinned_churn_per_call;
pub mod pinned_inventory;
mod pricing;
pub mod register_loop_unpaired;
pub mod register_without_unregister;
pub mod tiny_pinned_alloc;
pub mod unregister_without_register;
pub mod unused_suppression;

use std::collections::HashSet;

use crate::catalog::Catalog;
use crate::finding::{Finding, Severity};
use crate::index::ProjectIndex;
use crate::model::{FileModel, Language};
use crate::tax::{Evaluator, Ratios};

/// A rule's identity and documentation.
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    /// Markdown: what it flags, why, an example, the fix.
    pub doc: &'static str,
    /// Off by default rules run only when selected (`--select GT204`, `--select ALL`).
    pub default_enabled: bool,
    /// The languages it applies to, for `ghosttax rules`.
    pub languages: &'static str,
    /// In which contexts of the flagged site it reports (the frequency analysis decides
    /// the context; see `frequency.rs`).
    pub applies: Applies,
}

/// Where a rule's findings are worth reporting, by the flagged site's context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Wherever the site runs.
    Always,
    /// Only where it repeats: `hot-loop`, `per-batch`, `call-in-loop`. A tiny buffer
    /// pinned once costs nothing worth a warning.
    Repeated,
    /// Where a loop of its own function repeats it (`hot-loop`; in test or vendored code,
    /// at info): not in setup code, whose loops build long-lived state once, nor where
    /// the loop splits one caller's request into parts (the callers decide).
    OwnLoop,
    /// Only where no known caller repeats it (`once`): where one does, the chain rules
    /// report it with the chain.
    Unseen,
    /// Not where it runs a bounded number of times per process (`guarded-once`, or
    /// setup that only `main`-like code reaches): a buffer made that few times and never
    /// released is a long-lived pool, the fix the other rules recommend, not a leak that
    /// grows. A constructor alone is no bound: objects may be made per request. A small
    /// buffer (`Finding::small`) is reported only where something repeats it.
    Unbounded,
}

impl Applies {
    pub fn reports_in(self, site: &frequency::Site, small: bool) -> bool {
        use context::{CALL_IN_LOOP, GUARDED_ONCE, HOT_LOOP, PER_BATCH};
        match self {
            Applies::Always => true,
            Applies::Repeated => matches!(site.context, HOT_LOOP | PER_BATCH | CALL_IN_LOOP),
            Applies::OwnLoop => {
                matches!(site.context, HOT_LOOP | context::TEST | context::VENDORED)
            }
            Applies::Unseen => site.context == context::ONCE,
            // (A small buffer made once and kept costs a few bytes: only repetition counts.)
            Applies::Unbounded => {
                !(site.bounded || site.context == GUARDED_ONCE)
                    && (!small || matches!(site.context, HOT_LOOP | PER_BATCH | CALL_IN_LOOP))
            }
        }
    }
}

/// Every rule, in code order.
pub const ALL: &[&RuleInfo] = &[
    &pinned_inventory::RULE,
    &pinned_alloc_in_loop::RULE,
    &host_register_in_loop::RULE,
    &pinned_alloc_per_batch::RULE,
    &pinned_alloc_via_call_in_loop::RULE,
    &tiny_pinned_alloc::RULE,
    &dataloader_pin_memory::RULE,
    &pinned_churn_per_call::RULE,
    &register_without_unregister::RULE,
    &unregister_without_register::RULE,
    &register_loop_unpaired::RULE,
    &leak_on_early_exit::RULE,
    &pinned_alloc_never_freed::RULE,
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

/// `--vram-share` when not given: a site that alone takes a tenth of the card.
pub const DEFAULT_VRAM_SHARE: f64 = 0.10;

/// What the user configured that rules read.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub ratios: Ratios,
    /// GT203 flags pinned allocations smaller than this many bytes.
    pub tiny_alloc_bytes: u64,
    /// The card's memory: taxes are also given as a share of it.
    pub vram: Option<u64>,
    /// With `vram`: a site whose tax takes at least this share of the card is marked.
    pub vram_share: f64,
    /// Check test and benchmark code like any other code (else its findings are `info`).
    pub tests_as_code: bool,
    /// Check vendored code like the project's own (else its findings are `info`).
    pub vendored_as_code: bool,
    /// Values for names the code leaves free (`--assume`).
    pub assume: &'static crate::tax::Assumptions,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ratios: Ratios::default(),
            tiny_alloc_bytes: 64 << 10,
            vram: None,
            vram_share: DEFAULT_VRAM_SHARE,
            tests_as_code: false,
            vendored_as_code: false,
            assume: &crate::tax::NO_ASSUMPTIONS,
        }
    }
}

/// What a rule sees of one file.
pub struct Context<'a> {
    pub model: &'a FileModel,
    pub catalog: &'a Catalog,
    pub settings: Settings,
    pub language: Language,
    pub eval: Evaluator<'a>,
}

impl<'a> Context<'a> {
    pub fn new(
        model: &'a FileModel,
        catalog: &'a Catalog,
        settings: Settings,
        language: Language,
    ) -> Context<'a> {
        Context {
            model,
            catalog,
            settings,
            language,
            eval: Evaluator::with_assumptions(&model.constants, settings.assume)
                .with_defaults(&model.defaults),
        }
    }

    /// The evaluator for sizes and trip counts inside `function`: its parameters stand for
    /// what callers pass, not for file constants of the same name.
    pub fn eval_in(&self, function: crate::model::FuncId) -> crate::tax::Evaluator<'a> {
        self.eval.within(&self.model.functions[function].params)
    }
}

/// Run the per-file rules over one file's model.
pub fn check(ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    pinned_alloc_in_loop::check(ctx, &mut out);
    host_register_in_loop::check(ctx, &mut out);
    tiny_pinned_alloc::check(ctx, &mut out);
    pinned_churn_per_call::check(ctx, &mut out);
    dataloader_pin_memory::check(ctx, &mut out);
    register_without_unregister::check(ctx, &mut out);
    unregister_without_register::check(ctx, &mut out);
    register_loop_unpaired::check(ctx, &mut out);
    leak_on_early_exit::check(ctx, &mut out);
    pinned_alloc_never_freed::check(ctx, &mut out);
    out
}

/// What the whole-run rules see: every parsed file.
pub struct ProjectContext<'a> {
    pub index: &'a ProjectIndex,
    pub catalog: &'a Catalog,
    pub settings: Settings,
    pub selected: &'a HashSet<&'static str>,
}

impl<'a> ProjectContext<'a> {
    pub fn file_context(&self, file: usize) -> Context<'a> {
        let f = &self.index.files[file];
        Context::new(&f.model, self.catalog, self.settings, f.language)
    }
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
    pinned_alloc_per_batch::check(pc, &chained, &mut out);
    let contexts = freq.sites();
    if pc.selected.contains(pinned_inventory::RULE.code) {
        pinned_inventory::check(pc, &contexts, &mut out);
    }
    (out, contexts)
}

/// Give every finding its site's context and evidence, and keep those its rule reports
/// in that context.
pub fn settle(findings: &mut Vec<Finding>, contexts: &frequency::Contexts) {
    findings.retain_mut(|f| {
        let Some(site) = contexts.get(&(f.file, f.span.start)) else {
            return true;
        };
        f.context = site.context;
        if f.reason.is_empty() {
            f.reason = site.evidence.clone();
        }
        find(f.rule).is_none_or(|r| r.applies.reports_in(site, f.small))
    });
}
