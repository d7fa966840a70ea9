//! Rules: each reads one file's model and reports findings. One rule per file, its
//! documentation in the Markdown file beside it (what `ghosttax explain CODE` prints).

pub mod host_register_in_loop;
mod in_loop;
pub mod pinned_alloc_in_loop;

use crate::catalog::Catalog;
use crate::finding::{Finding, Severity};
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
}

/// Every rule, in code order.
pub const ALL: &[&RuleInfo] = &[&pinned_alloc_in_loop::RULE, &host_register_in_loop::RULE];

pub fn find(code: &str) -> Option<&'static RuleInfo> {
    ALL.iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(code))
}

/// What a rule sees of one file.
pub struct Context<'a> {
    pub model: &'a FileModel,
    pub catalog: &'a Catalog,
    pub ratios: Ratios,
    pub language: Language,
    pub eval: Evaluator<'a>,
}

impl<'a> Context<'a> {
    pub fn new(
        model: &'a FileModel,
        catalog: &'a Catalog,
        ratios: Ratios,
        language: Language,
    ) -> Context<'a> {
        Context {
            model,
            catalog,
            ratios,
            language,
            eval: Evaluator::new(&model.constants),
        }
    }
}

/// Run every rule over one file's model.
pub fn check(ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    pinned_alloc_in_loop::check(ctx, &mut out);
    host_register_in_loop::check(ctx, &mut out);
    out
}
