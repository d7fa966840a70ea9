//! What an analysis or a rule sees: one file (`Context`) or the whole run
//! (`ProjectContext`), with what the user configured (`Settings`).

use std::collections::HashSet;

use super::index::ProjectIndex;
use crate::catalog::Catalog;
use crate::model::{FileModel, Language};
use crate::tax::{Evaluator, Ratios};

/// `--vram-share` when not given: a site that alone takes a tenth of the card.
pub const DEFAULT_VRAM_SHARE: f64 = 0.10;

/// What the user configured that rules read.
#[derive(Clone, Debug)]
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
    /// Check vendored code like the project's own (the default; else its findings are
    /// `info`).
    pub vendored_as_code: bool,
    /// Values for names the code leaves free (`--assume`).
    pub assume: std::sync::Arc<crate::tax::Assumptions>,
    /// GT401 (with a trace): a site that pinned at least this many times,
    pub trace_min_calls: u64,
    /// or pinned more than once and left at least this many bytes pinned.
    pub trace_min_unreleased: u64,
}

/// GT401's defaults: calls, and bytes left pinned.
pub const DEFAULT_TRACE_MIN_CALLS: u64 = 8;
pub const DEFAULT_TRACE_MIN_UNRELEASED: u64 = 1 << 20;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ratios: Ratios::default(),
            tiny_alloc_bytes: 64 << 10,
            vram: None,
            vram_share: DEFAULT_VRAM_SHARE,
            tests_as_code: false,
            vendored_as_code: true,
            assume: std::sync::Arc::default(),
            trace_min_calls: DEFAULT_TRACE_MIN_CALLS,
            trace_min_unreleased: DEFAULT_TRACE_MIN_UNRELEASED,
        }
    }
}

/// What a rule sees of one file.
pub struct Context<'a> {
    pub model: &'a FileModel,
    pub catalog: &'a Catalog,
    pub settings: &'a Settings,
    pub language: Language,
    pub eval: Evaluator<'a>,
}

impl<'a> Context<'a> {
    pub fn new(
        model: &'a FileModel,
        catalog: &'a Catalog,
        settings: &'a Settings,
        language: Language,
    ) -> Context<'a> {
        Context {
            model,
            catalog,
            settings,
            language,
            eval: Evaluator::with_assumptions(&model.constants, &settings.assume)
                .with_defaults(&model.defaults),
        }
    }

    /// The evaluator for sizes and trip counts inside `function`: its parameters stand for
    /// what callers pass, not for file constants of the same name.
    pub fn eval_in(&self, function: crate::model::FuncId) -> crate::tax::Evaluator<'a> {
        self.eval.within(&self.model.functions[function].params)
    }
}

/// What the whole-run rules see: every parsed file.
pub struct ProjectContext<'a> {
    pub index: &'a ProjectIndex,
    pub catalog: &'a Catalog,
    pub settings: &'a Settings,
    pub selected: &'a HashSet<&'static str>,
}

impl<'a> ProjectContext<'a> {
    pub fn file_context(&self, file: usize) -> Context<'a> {
        let f = &self.index.files[file];
        Context::new(&f.model, self.catalog, self.settings, f.language)
    }
}
