//! Where a pinned buffer goes after the call that made it, and so how often a pin is
//! paid: a buffer that dies with the call is paid again on every call; one kept in state
//! that outlives the call (a member, a module's name, a container the object or the
//! module owns, the element a loop walks) is set-up, whatever its function is called;
//! one returned is paid as often as its callers ask (see `frequency`).
//!
//! Read from the model's facts: `Event::store`, `FileModel::flows` and `aliases` (Python).

use super::ownership;
use super::view::Context;
use crate::model::{Event, FlowTo, Lifetime, RETURNED, root_name};

/// Locals followed from the one that holds a buffer (`a = (buf, ..)`, `b = a`).
const MAX_ALIASES: usize = 8;

/// A pinned buffer's fate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Kept in state that outlives the call; says where (`` `self.bufs` ``), and whether
    /// that is a module-level name (which outlives every object too).
    Kept(String, bool),
    /// Handed to the caller: its use decides.
    Returned,
    /// Dies with the call (a temporary, or a local container nothing hands over); says
    /// what holds it last.
    Dies(String),
    /// Not read: passed to another function, or a shape the front end does not follow.
    Unknown,
}

/// The fate of `ev`'s buffer. C, C++ and CUDA buffers with a manual release are not read
/// yet (`Unknown`): for them `context::kept` and the escapes still decide.
pub fn fate(ctx: &Context, ev: &Event) -> Fate {
    match ev.lifetime {
        Lifetime::Scoped => scoped(ctx, ev),
        Lifetime::Manual => Fate::Unknown,
    }
}

/// `name` and the locals of `ev`'s function (or its owner's) that it is put into, up to
/// `MAX_ALIASES` (`both = (out, other)`, `raw = (c_byte * n).from_address(ptr.value)`).
fn aliases_of(ctx: &Context, ev: &Event, name: &str) -> Vec<String> {
    let home = ownership::owner(ctx, ev.function);
    let mut names = vec![name.to_string()];
    let mut i = 0;
    while i < names.len() && names.len() <= MAX_ALIASES {
        for (f, n, into) in &ctx.model.aliases {
            if (*f == ev.function || *f == home) && *n == names[i] && !names.contains(into) {
                names.push(into.clone());
            }
        }
        i += 1;
    }
    names
}

/// Python: does the function return `ev`'s buffer `name`, itself or through the locals it
/// is put into (`return np.frombuffer(raw, ..)` with `raw` a view of `ptr`)?
pub fn returned_through_locals(ctx: &Context, ev: &Event, name: &str) -> bool {
    aliases_of(ctx, ev, name).iter().any(|n| {
        ctx.model
            .flows
            .iter()
            .any(|(f, m, t)| *f == ev.function && m == n && *t == FlowTo::Returned)
    })
}

fn scoped(ctx: &Context, ev: &Event) -> Fate {
    let home = ownership::owner(ctx, ev.function);
    let flows_to = |name: &str, to: FlowTo| {
        ctx.model
            .flows
            .iter()
            .any(|(f, n, t)| (*f == ev.function || *f == home) && n == name && *t == to)
    };
    // A local name: where the function sends it last, through up to `MAX_ALIASES` other
    // locals it is put into (`both = (out, other)`).
    let local = |name: &str| {
        let names = aliases_of(ctx, ev, name);
        if let Some(n) = names
            .iter()
            .find(|n| flows_to(n, FlowTo::Member) || flows_to(n, FlowTo::Module))
        {
            let module = flows_to(n, FlowTo::Module);
            Fate::Kept(
                format!("`{n}`, which the function stores where it outlives the call"),
                module,
            )
        } else if names.iter().any(|n| flows_to(n, FlowTo::Returned)) {
            Fate::Returned
        } else {
            Fate::Dies(format!("`{name}`, a local"))
        }
    };
    match ev.store.as_deref() {
        Some(RETURNED) => Fate::Returned,
        Some("") => Fate::Unknown,
        Some(store) => {
            let root = root_name(store);
            if matches!(root, "self" | "cls" | "this") && store.len() > root.len() {
                Fate::Kept(format!("`{store}`, an attribute of the object"), false)
            } else if is_loop_element(ctx, ev, root) {
                Fate::Kept(format!("the element `{root}` the loop walks"), false)
            } else if is_module_name(ctx, ev, root) {
                Fate::Kept(format!("`{store}`, a module-level name"), true)
            } else if ctx.model.functions[ev.function]
                .params
                .iter()
                .any(|(p, _)| p == root)
            {
                // `bufs.append(pin(..))` into a list the caller passes: the caller keeps it.
                Fate::Kept(format!("`{store}`, which the caller passes"), false)
            } else if root.is_empty() || store.len() > root.len() {
                // An attribute of another object (`Replicas.shared`, `state.bufs`): not read.
                Fate::Unknown
            } else {
                local(root)
            }
        }
        None => match ev.pointer.as_deref() {
            // Bound to a name: where that name goes.
            Some(p) if root_name(p) == p && !p.is_empty() => {
                if is_module_name(ctx, ev, p) {
                    Fate::Kept(format!("`{p}`, a module-level name"), true)
                } else {
                    local(p)
                }
            }
            _ => Fate::Unknown,
        },
    }
}

/// Is `name` the element variable of a loop around `ev` (`for w in weights`)?
fn is_loop_element(ctx: &Context, ev: &Event, name: &str) -> bool {
    ctx.model
        .loop_chain(ev.innermost_loop)
        .into_iter()
        .any(|l| ctx.model.loops[l].targets.iter().any(|t| t == name))
}

/// Is `name` the module's (bound at its top level, or declared `global`) in `ev`'s
/// function, not a local of the same spelling (the front end's `FlowTo::Module` facts)?
/// At the module's top level, every name it binds is.
fn is_module_name(ctx: &Context, ev: &Event, name: &str) -> bool {
    let top = ctx.model.functions[ev.function].kind == crate::model::FunctionKind::TopLevel;
    (top && ctx.model.module_names.iter().any(|n| n == name))
        || ctx
            .model
            .flows
            .iter()
            .any(|(f, n, t)| *f == ev.function && n == name && *t == FlowTo::Module)
}
