//! GT301 register-without-unregister.

use super::message;
use super::meta::{Applies, RuleInfo};
use crate::analysis::ownership;
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Severity};
use crate::model::PtrScope;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT301",
    name: "register-without-unregister",
    severity: Severity::Warning,
    summary: "a host registration whose buffer is never unregistered in its scope (function, class or file)",
    doc: include_str!("register_without_unregister.md"),
    default_enabled: true,
    applies: Applies::Unbounded,
    languages: "python, c, cpp, cuda, rust",
};

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        // Freed while still registered: a bug, whatever the frequency.
        if let (Some(d), Some(pointer)) = (
            ownership::freed_while_registered(ctx, ev),
            ev.pointer.as_deref(),
        ) {
            out.push(message::freed_while_registered(ctx, ev, &RULE, pointer, d));
            continue;
        }
        // Registrations repeated by a loop are GT303's, which counts them.
        if ev.kind != ApiKind::Register || ev.innermost_loop.is_some() {
            continue;
        }
        // A local buffer that leaves the function (stored into a container, returned) is
        // released, or not, by whoever holds it. (A caller's buffer is still flagged when
        // nothing in scope unregisters it: the usual leak.)
        // (Or a caller's buffer whose registration the function stores in an object it is
        // handed, `surface.registered = arr.ctypes.data`: that object's owner ends it.)
        let handed_off = ev.stored_in_container
            || (ev.pointer_scope == PtrScope::Local && ownership::escape(ctx, ev).is_some())
            || ownership::escapes(ctx, ev).any(|e| {
                e.kind == crate::model::EscapeKind::Stored
                    && e.target.as_deref().is_some_and(|t| t.contains('.'))
            });
        // A registration owned by a value (accel's `RegisteredMemory`) ends with it.
        if ev.lifetime == crate::model::Lifetime::Scoped {
            continue;
        }
        if !ownership::releases(ctx, ev).is_empty()
            || ownership::wrapper_paired(ctx, ev)
            || ownership::in_shim(ctx, ev)
            || ownership::raii_guarded(ctx, ev)
            || ownership::released_by_holder(ctx, ev)
            || handed_off
        {
            continue;
        }
        let Some(pointer) = ev.pointer.as_deref() else {
            continue;
        };
        match ownership::forgotten_member(ctx, ev) {
            Some((method, r)) => out.push(message::forgotten_member(
                ctx, ev, &RULE, pointer, method, r,
            )),
            None => {
                let mut finding = message::leak(ctx, ev, &RULE, pointer);
                // A Python local that nothing keeps is freed when the call returns, still
                // registered: broken in every context, not a long-lived registration.
                if ctx.language == crate::model::Language::Python
                    && ev.pointer_scope == PtrScope::Local
                    && ownership::escapes(ctx, ev).next().is_none()
                {
                    finding.broken = true;
                    finding.notes.push(format!(
                        "`{pointer}` is a local nothing keeps: Python frees it when the call \
                         returns, still registered"
                    ));
                }
                out.push(finding);
            }
        }
    }
}
