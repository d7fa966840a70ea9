//! GT102 host-register-in-loop.

use super::in_loop;
use super::meta::{Applies, RuleInfo};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};

pub const RULE: RuleInfo = RuleInfo {
    code: "GT102",
    name: "host-register-in-loop",
    severity: Severity::Warning,
    summary: "`cudaHostRegister` (or an equivalent) page-locks host memory on every iteration of a loop",
    doc: include_str!("host_register_in_loop.md"),
    default_enabled: true,
    applies: Applies::OwnLoop,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        if ev.kind != ApiKind::Register || ev.innermost_loop.is_none() {
            continue;
        }
        // Whether the loop is a hot path (not set-up, not a retry, not an allocate-once
        // guard nothing re-arms) is the frequency analysis' answer: `Applies::OwnLoop`
        // keeps the finding only at a `hot-loop` site.
        let help = "register one long-lived buffer once, before the loop, and unregister it when \
                    you are done with it; copy each iteration's data into that buffer"
            .to_string();
        out.push(in_loop::finding(
            ctx,
            ev,
            &RULE,
            "page-locks host memory",
            help,
        ));
    }
}
