//! GT304 leak-on-early-exit.

use super::message::{self, call_text};
use super::meta::{Applies, RuleInfo};
use crate::analysis::ownership;
use crate::analysis::repetition::{self, repetition};
use crate::analysis::view::Context;
use crate::catalog::ApiKind;
use crate::finding::{Finding, Label, Severity};
use crate::model::{
    Escape, EscapeKind, Event, Exit, ExitKind, FlowTo, Language, Lifetime, PtrScope, Span,
};
use crate::tax::format_bytes;

pub const RULE: RuleInfo = RuleInfo {
    code: "GT304",
    name: "leak-on-early-exit",
    severity: Severity::Warning,
    summary: "a return, throw, goto, break or continue between a registration (or pinned allocation) and its release skips the release",
    doc: include_str!("leak_on_early_exit.md"),
    default_enabled: true,
    applies: Applies::Always,
    languages: "python, c, cpp, cuda, rust",
};

/// Does release `rel` lie in the branch of exit `x`: between the condition of the `if`
/// around `x` and `x` (`if (rank != 0) { cudaFreeHost(p); return true; }`)?
fn in_branch_of(x: &Exit, rel: &Event) -> bool {
    x.function == rel.function
        && x.guard
            .is_some_and(|g| g.end <= rel.span.start && rel.span.end <= x.span.start)
}

/// Does a call in `x`'s branch, before it leaves, release `ev`'s buffer: a function of the
/// file whose release names the same field of one of its parameters (`p->screen`)?
fn released_by_call_in_branch(ctx: &Context, ev: &Event, x: &Exit) -> bool {
    let (Some(pointer), Some(guard)) = (ev.pointer.as_deref(), x.guard) else {
        return false;
    };
    let root = crate::model::root_name(pointer);
    let Some(field) = pointer[root.len()..]
        .strip_prefix("->")
        .or_else(|| pointer[root.len()..].strip_prefix('.'))
    else {
        return false;
    };
    let releasing: Vec<&str> = ctx
        .model
        .events
        .iter()
        .filter(|r| ownership::is_release_of(ctx, ev, r) && r.function != ev.function)
        .filter(|r| {
            r.pointer.as_deref().is_some_and(|q| {
                let base = crate::model::root_name(q);
                (q[base.len()..] == *format!("->{field}")
                    || q[base.len()..] == *format!(".{field}"))
                    && ctx.model.functions[r.function]
                        .params
                        .iter()
                        .any(|(p, _)| p == base)
            })
        })
        .map(|r| ctx.model.functions[r.function].name.as_str())
        .collect();
    !releasing.is_empty()
        && ctx.model.calls.iter().any(|c| {
            c.function == x.function
                && guard.end <= c.span.start
                && c.span.end <= x.span.start
                && c.span.start >= ev.span.end
                && releasing.contains(&c.callee.as_str())
        })
}

/// Is release `r` a branch's own, made right before that branch returns or throws?
fn branch_release(ctx: &Context, r: &Event) -> bool {
    ctx.model
        .exits
        .iter()
        .any(|x| matches!(x.kind, ExitKind::Return | ExitKind::Throw) && in_branch_of(x, r))
}

/// Is `x` in a `catch` handler of a `try` block that holds `ev` and in which nothing after
/// `ev` throws? Then the handler runs only when something before the pin (or the pin
/// itself) failed: nothing is pinned on that path.
fn caught_before(ctx: &Context, ev: &Event, x: &Exit) -> bool {
    ctx.model.try_blocks.iter().any(|(block, handlers)| {
        block.contains(ev.span)
            && handlers.iter().any(|h| h.contains(x.span))
            && !ctx.model.exits.iter().any(|t| {
                t.kind == ExitKind::Throw
                    && t.function == ev.function
                    && block.contains(t.span)
                    && t.span.start >= ev.span.end
            })
    })
}

/// Is `x` a throw inside a C++ `try` block with a handler that releases the buffer (`catch
/// (...) { cudaFreeHost(p); throw; }`)? The handler runs on that path: the buffer is
/// released before anything leaves.
fn caught_and_released(ctx: &Context, x: &Exit, releases: &[&Event]) -> bool {
    x.kind == ExitKind::Throw
        && ctx.model.try_blocks.iter().any(|(block, handlers)| {
            block.contains(x.span)
                && handlers
                    .iter()
                    .any(|h| releases.iter().any(|r| h.contains(r.span)))
        })
}

/// The `catch` handlers of the file.
fn handlers<'c>(ctx: &'c Context) -> impl Iterator<Item = &'c Span> {
    ctx.model
        .try_blocks
        .iter()
        .flat_map(|(_, handlers)| handlers)
}

/// Is `x` in a `catch` handler that releases the buffer before it (`catch (..) {
/// cudaFreeHost(p); return -1; }`)?
fn released_in_handler(ctx: &Context, x: &Exit, releases: &[&Event]) -> bool {
    handlers(ctx).any(|h| {
        h.contains(x.span)
            && releases
                .iter()
                .any(|r| h.contains(r.span) && r.span.end <= x.span.start)
    })
}

/// Does `x` leave the code between `ev` and its release `r` (`releases`: all of `ev`'s)?
fn leaves(ctx: &Context, ev: &Event, (r, releases): (&Event, &[&Event]), x: &Exit) -> bool {
    if x.function != ev.function
        || x.span.start < ev.span.end
        || x.span.start >= r.span.start
        || caught_before(ctx, ev, x)
        || caught_and_released(ctx, x, releases)
        || released_in_handler(ctx, x, releases)
    {
        return false;
    }
    // Its branch releases the buffer before it leaves, itself or through a function of the
    // file that releases that field of the object it is handed (`eri_destroy(e)` freeing
    // `e->screen`, for `cudaHostAlloc(&e->screen, ..)`).
    if releases.iter().any(|rel| in_branch_of(x, rel)) || released_by_call_in_branch(ctx, ev, x) {
        return false;
    }
    // `CUDA_CHECK(cudaHostUnregister(p))`: the exit wraps the release itself.
    if x.span.contains(r.span) {
        return false;
    }
    let on_failure = taken_on_failure(ev, x);
    // Inside a loop that runs only while the call failed (a retry after the call, or
    // around it): nothing is pinned on that path either.
    let in_retry = ctx.model.loop_chain(x.innermost_loop).into_iter().any(|l| {
        let span = ctx.model.loops[l].span;
        (span.start >= ev.span.end || span.contains(ev.span))
            && crate::analysis::context::retries(ctx, l, ev)
    });
    if on_failure || in_retry {
        return false;
    }
    // Handed out before it leaves (`*out = p; return ret;`, `return p;`): on that path the
    // caller owns the buffer; the release after it is the failure path's.
    let handed_out = ownership::escapes(ctx, ev).any(|e| {
        e.function == ev.function
            && matches!(
                e.kind,
                EscapeKind::OutParam | EscapeKind::Stored | EscapeKind::Returned
            )
            && e.span.start >= ev.span.end
            && e.span.start < x.span.end
    });
    if handed_out
        && matches!(
            x.kind,
            ExitKind::Return | ExitKind::Throw | ExitKind::MacroReturn(_) | ExitKind::Assertion(_)
        )
    {
        return false;
    }
    match &x.kind {
        ExitKind::Return | ExitKind::Throw | ExitKind::MacroReturn(_) | ExitKind::Assertion(_) => {
            true
        }
        // A jump to a label between here and the release still reaches the release; so
        // does a jump to a clean-up label further down that releases the buffer before
        // anything leaves (`goto fail; .. fail: cudaFreeHost(p); return -1;`).
        ExitKind::Goto(label) => !ctx.model.goto_labels.iter().any(|(l, at, f)| {
            l == label
                && *f == ev.function
                && *at > x.span.start
                && (*at <= r.span.start || released_after(ctx, ev, *at))
        }),
        // Leaving a `do { .. } while (0)` block: past a release inside it, unless code
        // after the block releases the buffer before anything leaves.
        ExitKind::BlockEnd(end) => {
            x.span.start < r.span.start && r.span.start < *end && !released_after(ctx, ev, *end)
        }
        // Leaving the loop that holds both the registration and its release.
        ExitKind::Break | ExitKind::Continue => {
            ev.innermost_loop.is_some()
                && x.innermost_loop == ev.innermost_loop
                && r.innermost_loop == ev.innermost_loop
        }
    }
}

/// Is `x` taken only when the call `ev` itself failed (its `if` tests the call or the
/// call's status variable)? Nothing was pinned on that path, nothing to release. (Where
/// the call returns the buffer itself, `void* p = mr.allocate(n)`, only a test of it
/// for null is: `if (!fread(p, 1, n, f))` uses the buffer after it was pinned.)
fn taken_on_failure(ev: &Event, x: &Exit) -> bool {
    x.guard.is_some_and(|g| g.contains(ev.span))
        || ev.status_var.as_ref().is_some_and(|v| {
            match (&x.null_tests, ev.pointer.as_deref() == Some(v.as_str())) {
                (Some(tests), true) => tests.iter().any(|n| n == v),
                _ => x.guard_names.iter().any(|n| n == v),
            }
        })
}

/// With no release in its function, a buffer handed over on the normal path (`m->table`
/// pinned, then `return m;`; stored where it outlives the call, `g_table = table;`): an
/// earlier `return` or `throw` that does not hand it over (`free(m); return NULL;`) and
/// does not release it in its branch loses it. That exit and the hand-over.
fn lost_before_handoff<'c>(
    ctx: &'c Context,
    ev: &'c Event,
    releases: &[&Event],
) -> Option<(&'c Exit, &'c Escape)> {
    let handoff = ownership::escapes(ctx, ev)
        .filter(|e| {
            e.function == ev.function
                && e.span.start >= ev.span.end
                && (matches!(e.kind, EscapeKind::Returned | EscapeKind::OutParam)
                    || (e.kind == EscapeKind::Stored && e.target.is_some()))
        })
        .min_by_key(|e| e.span.start)?;
    ctx.model
        .exits
        .iter()
        .filter(|x| {
            x.function == ev.function
                && leaves_before(ctx, x, handoff.span.start)
                && x.span.start >= ev.span.end
                && !caught_before(ctx, ev, x)
                && x.span.start < handoff.span.start
                && !x.span.contains(handoff.span)
                // (`check(register(..))?` leaves on the call's own error.)
                && !taken_on_failure(ev, x)
                && !releases.iter().any(|rel| in_branch_of(x, rel))
                && !released_by_call_in_branch(ctx, ev, x)
                // (Handed over there too: `*out = p; return -1;`.)
                && !ownership::escapes(ctx, ev).any(|e| {
                    e.function == ev.function
                        && e.span.start >= ev.span.end
                        && e.span.start < x.span.end
                        && e.span.start != handoff.span.start
                })
        })
        .min_by_key(|x| x.span.start)
        .map(|x| (x, handoff))
}

/// A buffer pinned into the object a constructor builds (`self.ptr` registered in
/// `__init__`, or in a method that hands back `self`; `p_` in a C++ constructor) and
/// released only by another method of its class (`close()`, the destructor): a `raise` or
/// `throw` after the pin, not taken on the pin's own failure, leaves before the caller has
/// the object, so that release never runs. (Python's `__del__` still runs then; a C++
/// destructor does not.) The exit and one such release.
fn lost_with_object<'c>(
    ctx: &'c Context,
    ev: &'c Event,
    releases: &[&'c Event],
) -> Option<(&'c Exit, &'c Event)> {
    let f = &ctx.model.functions[ev.function];
    let class = f.class.as_deref()?;
    let python = ctx.language == Language::Python;
    // (Or kept in a member collection: `self._ptrs.append(arr.ctypes.data)`.)
    let member = if python {
        ev.pointer
            .as_deref()
            .is_some_and(|p| p.starts_with("self."))
    } else {
        ev.pointer_scope == PtrScope::Member
    } || ownership::kept_in(ctx, ev).any(|s| s.scope == PtrScope::Member);
    let constructor =
        |g: &crate::model::Function| g.class.as_deref() == Some(class) && g.is_constructor();
    // (A method only the constructor calls, `load_mask(path)` in `Node(..)`: a throw out of
    // it leaves the constructor too.)
    let callers: Vec<&crate::model::CallSite> = ctx
        .model
        .calls
        .iter()
        .filter(|c| {
            c.callee == f.name
                && matches!(
                    c.receiver,
                    crate::model::Receiver::SelfRef | crate::model::Receiver::None
                )
                && ctx.model.functions[c.function].class.as_deref() == Some(class)
        })
        .collect();
    let only_from_constructor = !constructor(f)
        && !callers.is_empty()
        && callers
            .iter()
            .all(|c| constructor(&ctx.model.functions[ctx.model.owner(c.function)]));
    let builds = constructor(f)
        || (python
            && ctx.model.flows.iter().any(|(g, name, to)| {
                *g == ev.function && name == "self" && *to == FlowTo::Returned
            }))
        || only_from_constructor;
    if !member || !builds || releases.is_empty() {
        return None;
    }
    // Every release in another method of the class, none of them a finaliser that runs
    // for an object whose constructor failed.
    let own_class = |r: &Event| {
        let g = &ctx.model.functions[r.function];
        r.function != ev.function && g.class.as_deref() == Some(class)
    };
    if !releases.iter().all(|r| own_class(r)) {
        return None;
    }
    if python
        && releases
            .iter()
            .any(|r| ctx.model.functions[r.function].name == "__del__")
    {
        return None;
    }
    // (Or, for such a method, a throw in the constructor after its call.)
    let after_call = |x: &Exit| {
        only_from_constructor
            && callers
                .iter()
                .any(|c| x.function == c.function && x.span.start >= c.span.end)
    };
    let x = ctx
        .model
        .exits
        .iter()
        .filter(|x| {
            x.kind == ExitKind::Throw
                && ((x.function == ev.function
                    && x.span.start >= ev.span.end
                    && !caught_before(ctx, ev, x)
                    && !taken_on_failure(ev, x))
                    || after_call(x))
        })
        .min_by_key(|x| (x.function != ev.function, x.span.start))?;
    Some((x, releases[0]))
}

/// Does exit `x` leave its function without passing `at` (a hand-over further down)? A
/// `return` or `throw` (written, or in a checking macro) does; a `goto` does when its label
/// lies past `at` (`goto fail;` to a clean-up after the hand-over).
fn leaves_before(ctx: &Context, x: &Exit, at: usize) -> bool {
    match &x.kind {
        ExitKind::Return | ExitKind::Throw | ExitKind::MacroReturn(_) => true,
        ExitKind::Goto(label) => ctx
            .model
            .goto_labels
            .iter()
            .any(|(l, pos, f)| l == label && *f == x.function && *pos > at),
        _ => false,
    }
}

/// Does code from `at` on release `ev`'s buffer before any return or throw leaves it?
fn released_after(ctx: &Context, ev: &Event, at: usize) -> bool {
    let Some(release) = ownership::releases(ctx, ev)
        .into_iter()
        .filter(|r| r.function == ev.function && r.span.start >= at)
        .min_by_key(|r| r.span.start)
    else {
        return false;
    };
    !ctx.model.exits.iter().any(|x| {
        x.function == ev.function
            && x.span.start >= at
            && x.span.start < release.span.start
            && !x.span.contains(release.span)
            && matches!(
                x.kind,
                ExitKind::Return | ExitKind::Throw | ExitKind::MacroReturn(_)
            )
    })
}

fn describe(x: &Exit) -> String {
    match &x.kind {
        ExitKind::Return => "returns here".into(),
        ExitKind::Throw => "throws here".into(),
        ExitKind::Goto(l) => format!("jumps to `{l}` here, past the release"),
        ExitKind::BlockEnd(_) => {
            "leaves the `do { } while (0)` block here, past the release".into()
        }
        ExitKind::Break => "leaves the loop here".into(),
        ExitKind::Continue => "skips to the next iteration here".into(),
        ExitKind::MacroReturn(m) => format!("`{m}` returns here on error"),
        ExitKind::Assertion(m) => format!("`{m}` leaves the test here when it fails"),
    }
}

pub fn check(ctx: &Context, out: &mut Vec<Finding>) {
    for ev in &ctx.model.events {
        if !matches!(ev.kind, ApiKind::Register | ApiKind::Alloc) || ev.lifetime != Lifetime::Manual
        {
            continue;
        }
        let releases = ownership::releases(ctx, ev);
        // The first release after the call, in the same function, that is not a branch's
        // own (`if (rank != 0) { cudaFreeHost(p); return; }`) nor, where another follows, a
        // `catch` handler's: the normal path's.
        let in_handler = |r: &Event| handlers(ctx).any(|h| h.contains(r.span));
        let normal = releases
            .iter()
            .filter(|r| r.function == ev.function && r.span.start >= ev.span.end)
            .filter(|r| !branch_release(ctx, r))
            .min_by_key(|r| (in_handler(r), r.span.start));
        if ownership::raii_guarded(ctx, ev) {
            continue;
        }
        let pointer = ev.pointer.as_deref().unwrap_or("the buffer");
        let (x, release, normal_path) = match normal {
            // Clean-up code (finally, destructors, guards) runs on every path.
            Some(r) if r.in_cleanup => continue,
            Some(r) => {
                let Some(x) = ctx
                    .model
                    .exits
                    .iter()
                    .filter(|x| leaves(ctx, ev, (r, &releases), x))
                    .min_by_key(|x| x.span.start)
                else {
                    continue;
                };
                let release = ctx.catalog.apis[r.api].name.clone();
                (
                    x,
                    format!("`{release}({pointer})`"),
                    (r.span, "released only on the normal path"),
                )
            }
            None => {
                if let Some((x, r)) = lost_with_object(ctx, ev, &releases) {
                    let release = ctx.catalog.apis[r.api].name.clone();
                    let method = &ctx.model.functions[r.function].name;
                    // (As the release writes it: `cudaHostUnregister(p)` in `for p in ..`.)
                    let released = r.pointer.as_deref().unwrap_or(pointer);
                    (
                        x,
                        format!(
                            "`{release}({released})` in `{method}` (the caller never gets the \
                             object)"
                        ),
                        (
                            r.span,
                            "released here only for an object its caller received",
                        ),
                    )
                } else {
                    let Some((x, handoff)) = lost_before_handoff(ctx, ev, &releases) else {
                        continue;
                    };
                    match (&handoff.kind, &handoff.target) {
                        (EscapeKind::Stored, Some(target)) => (
                            x,
                            format!("storing `{}` in `{target}`", handoff.name),
                            (handoff.span, "stored only on the normal path"),
                        ),
                        _ => (
                            x,
                            format!("handing `{}` to the caller", handoff.name),
                            (handoff.span, "handed to the caller only on the normal path"),
                        ),
                    }
                }
            }
        };
        let rep = repetition(ctx, ev);
        let base = repetition::estimate(ctx, ev, &rep);
        let estimate = base.reshaped(None, true, Some(1));
        let (verb, _) = message::verbs(ctx, ev);
        let cost = match estimate.tax_bytes {
            Some(tax) => format!(
                "≈ {} of VRAM under WDDM stays reserved (ratio {})",
                format_bytes(tax),
                estimate.ratio
            ),
            None => format!(
                "its VRAM tax under WDDM stays reserved ({})",
                message::unknown_size(&estimate)
            ),
        };
        let message = format!(
            "`{}` {verb} `{pointer}`, but an early exit skips {release}: {cost}",
            call_text(ev, &ctx.catalog.apis[ev.api]),
        );
        let labels = vec![
            Label::new(
                None,
                x.span,
                format!("{} without releasing `{pointer}`", describe(x)),
                false,
            ),
            Label::new(None, normal_path.0, normal_path.1.into(), false),
        ];
        let help = "release on every path: a `try/finally` (Python), an RAII guard or a single \
                    clean-up label that every exit jumps to (C/C++)"
            .to_string();
        out.push(message::finding(
            ctx, ev, &RULE, estimate, message, labels, help,
        ));
    }
}
