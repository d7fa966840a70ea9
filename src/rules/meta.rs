//! A rule's identity (`RuleInfo`) and where its findings count (`Applies`): what the rule
//! files declare and the registry, suppressions and reporters read.

use crate::analysis::context;
use crate::analysis::frequency;
use crate::finding::Severity;

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
    /// the context; see `analysis/frequency.rs`).
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

#[cfg(test)]
mod tests {
    use super::Applies;
    use crate::analysis::context::{CALL_IN_LOOP, GUARDED_ONCE, HOT_LOOP, ONCE, SETUP, TEST};
    use crate::analysis::frequency::Site;

    #[test]
    fn rules_report_only_in_their_contexts() {
        let site = |context: &'static str, bounded: bool| Site {
            context,
            bounded,
            evidence: String::new(),
            rearmed: None,
        };
        assert!(Applies::Repeated.reports_in(&site(HOT_LOOP, false), false));
        assert!(Applies::Repeated.reports_in(&site(CALL_IN_LOOP, false), false));
        assert!(!Applies::Repeated.reports_in(&site(ONCE, false), false));
        assert!(!Applies::Repeated.reports_in(&site(SETUP, false), false));
        assert!(Applies::Unbounded.reports_in(&site(SETUP, false), false));
        assert!(!Applies::Unbounded.reports_in(&site(SETUP, true), false));
        assert!(!Applies::Unbounded.reports_in(&site(GUARDED_ONCE, false), false));
        // A small leak counts only where it repeats.
        assert!(!Applies::Unbounded.reports_in(&site(SETUP, false), true));
        assert!(!Applies::Unbounded.reports_in(&site(ONCE, false), true));
        assert!(Applies::Unbounded.reports_in(&site(CALL_IN_LOOP, false), true));
        assert!(!Applies::OwnLoop.reports_in(&site(SETUP, false), false));
        assert!(!Applies::OwnLoop.reports_in(&site(ONCE, false), false));
        assert!(Applies::OwnLoop.reports_in(&site(TEST, false), false));
        assert!(Applies::OwnLoop.reports_in(&site(HOT_LOOP, false), false));
    }
}
