//! GT302 unregister-without-register.

use super::message::{self};
use super::meta::{Applies, RuleInfo};
use crate::analysis::ownership;
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};
use crate::model::PtrScope;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT302",
    name: "unregister-without-register",
    severity: Severity::Info,
    summary: "an unregistration whose buffer is registered nowhere in the file",
    doc: include_str!("unregister_without_register.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        if ev.kind != ApiKind::Unregister {
            continue;
        }
        let Some(pointer) = ev.pointer.as_deref() else {
            continue;
        };
        let name = &ctx.catalog.apis[ev.api].name;
        // A registration names the same buffer (or an element of the same array), or both
        // pass through parameters, or the
        // registered buffer is kept somewhere (a container, a member, an out-parameter)
        // that the unregistration may be reading it back from under another name.
        let registered = ctx.model.events.iter().any(|r| {
            r.kind == ApiKind::Register
                && ownership::releases_name(ctx, &ctx.catalog.apis[r.api].name, name)
                && (r.pointer.as_deref() == Some(pointer)
                    // `hostMem[1]` registered, `hostMem[i]` unregistered: one array.
                    || (pointer.contains('[')
                        && r.pointer.as_deref().map(crate::model::root_name)
                            == Some(crate::model::root_name(pointer)))
                    || (r.pointer_scope == PtrScope::Param && ev.pointer_scope == PtrScope::Param)
                    || r.stored_in_container
                    || ownership::kept_in(ctx, r).next().is_some()
                    || ownership::escape(ctx, r).is_some())
        });
        if registered {
            continue;
        }
        let rep = repetition(ctx, ev);
        let estimate = repetition::estimate(ctx, ev, &rep);
        let message = format!(
            "`{name}({pointer})` unregisters a buffer that no registration in this file names: it \
             may be registered in another file (fine), or never (an error at run time)"
        );
        let help = "keep each registration and its unregistration side by side (the same \
                    function, or a constructor/destructor pair) so readers can pair them"
            .to_string();
        let mut finding = message::finding(ctx, ev, &RULE, estimate, message, Vec::new(), help);
        finding.label = "no matching registration in this file".to_string();
        finding.notes.truncate(0);
        out.push(finding);
    }
}
