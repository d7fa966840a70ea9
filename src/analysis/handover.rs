//! Functions that pin for their caller: a wrapper (`make_pinned(n)`, a `unique_ptr`
//! factory, a constructor whose object owns the buffer) is an API at its call sites. Its
//! loops and per-batch paths are reported where it is called, and a wrapper of a wrapper
//! passes its caller's call up again, so the finding sits where the buffer stops moving:
//! the call whose function keeps or drops what the wrapper made.

use super::chains::Chain;
use super::index::{CallRef, FnRef};
use super::lifetime::{self, Fate};
use super::repetition;
use super::view::ProjectContext;
use crate::catalog::ApiKind;
use crate::model::{EscapeKind, Event, FileModel, FlowTo, FuncId, Lifetime, PtrScope, RETURNED};

/// Does the pin `ev` in `at` hand its buffer to the caller: returned, written through an
/// out-parameter, or owned by the object a constructor builds?
pub fn pin_handed_over(pc: &ProjectContext, at: FnRef, ev: &Event) -> bool {
    let ctx = pc.file_context(at.file);
    let model = ctx.model;
    let constructor = model.functions[at.func].is_constructor();
    // (A Python registration with no release of its own is a block's, `with
    // cuda.pinned(out):`: it ends with the block, whatever happens to the array.)
    let python = pc.index.files[at.file].language == crate::model::Language::Python;
    match ev.lifetime {
        Lifetime::Scoped if python && ev.kind == ApiKind::Register => false,
        Lifetime::Scoped => match lifetime::fate(&ctx, ev) {
            Fate::Returned => true,
            Fate::Kept(_, module) => constructor && !module,
            // `self.buf = pin(..)` in `__init__`: the object holds it.
            Fate::Unknown => constructor && ev.pointer_scope == PtrScope::Member,
            Fate::Dies(_) => false,
        },
        Lifetime::Manual => {
            repetition::freed_by_destructor(&ctx, ev)
                || (constructor && repetition::pinned_member(&ctx, ev).is_some())
                || (ev.kind == ApiKind::Alloc && ev.pointer_scope == PtrScope::Param)
                || ev.pointer.as_deref().is_some_and(|p| {
                    escapes_to_caller(model, at.func, p)
                        || (python && lifetime::returned_through_locals(&ctx, ev, p))
                })
        }
    }
}

/// Does the call `c` hand what it returns on to its own caller (`return make(n)`,
/// `h = make(n); ..; return h`, `self.buf = make(n)` in a constructor)?
pub fn call_handed_over(pc: &ProjectContext, c: CallRef) -> bool {
    let site = pc.index.call(c);
    let model = &pc.index.files[c.file].model;
    let Some(result) = site.result.as_deref() else {
        return false;
    };
    if result == RETURNED {
        return true;
    }
    let member = result.starts_with("self.") || result.starts_with("this->");
    (member && model.functions[site.function].is_constructor())
        || model
            .flows
            .iter()
            .any(|(f, n, t)| *f == site.function && n == result && *t == FlowTo::Returned)
        || escapes_to_caller(model, site.function, result)
}

/// Where a chain to a pin that `pin_handed_over` is reported: the index of its call whose
/// function keeps or drops the buffer (the outermost wrapper's call; the loop's own call
/// when every function on the way hands it on).
pub fn report_call(pc: &ProjectContext, chain: &[CallRef]) -> Option<usize> {
    let mut k = chain.len().checked_sub(1)?;
    while k > 0 && call_handed_over(pc, chain[k]) {
        k -= 1;
    }
    Some(k)
}

/// The chains of `found` (from loops or per-batch functions down to the pin `ev` in
/// `target`) by where their finding sits: `(None, chains)` on the pin itself; `(Some(k),
/// chains)` on their call `chains[0][k]`, one group per such call, when `target` pins for
/// its caller. A chain whose call there is only guessed (`opt.step()` resolved by its
/// name), calls a parameter, or recurses into `target` moves nothing: it is dropped when another
/// chain places the finding, and else the finding stays on the pin.
pub fn group<'c>(
    pc: &ProjectContext,
    target: FnRef,
    ev: &Event,
    found: &'c [Chain],
) -> Vec<(Option<usize>, Vec<&'c Chain>)> {
    let handed = pin_handed_over(pc, target, ev);
    let mut groups: Vec<(Option<usize>, Vec<&Chain>)> = Vec::new();
    let mut weak = Vec::new();
    for chain in found {
        let at = handed
            .then(|| report_call(pc, chain))
            .flatten()
            .filter(|&k| {
                let c = chain[k];
                let site = pc.index.call(c);
                let caller = FnRef {
                    file: c.file,
                    func: site.function,
                };
                // (`fn(..)` in `spawn(fn)`: which call that is, the callers of `spawn` say.)
                let parameter = pc
                    .index
                    .function(caller)
                    .params
                    .iter()
                    .any(|(p, _)| *p == site.callee);
                !pc.index.guessed(c) && caller != target && !parameter
            });
        let Some(k) = at else {
            weak.push(chain);
            continue;
        };
        match groups
            .iter_mut()
            .find(|(a, g)| a.map(|j| g[0][j]) == Some(chain[k]))
        {
            Some((_, g)) => g.push(chain),
            None => groups.push((Some(k), vec![chain])),
        }
    }
    if groups.is_empty() {
        groups.push((None, weak));
    }
    groups
}

/// Does `name` leave `func` towards its caller: returned (an owner built around it in the
/// `return` included) or written through an out-parameter?
/// Does the buffer `ev` (in `at`) die on every iteration of the loop around `chain[0]`:
/// with its own function's call (a temporary, a local nothing keeps), or handed back up
/// every call of the chain to a local of the loop's function that nothing keeps, stores or
/// returns (`block = to_pinned(x); index.add_rows(block)`)? Then each iteration pays the
/// pin again, whatever the loop's function is called.
pub fn dies_each_iteration(pc: &ProjectContext, at: FnRef, ev: &Event, chain: &[CallRef]) -> bool {
    let ctx = pc.file_context(at.file);
    match lifetime::fate(&ctx, ev) {
        Fate::Dies(_) => true,
        Fate::Returned if chain[1..].iter().all(|&c| call_handed_over(pc, c)) => {
            let head = pc.index.call(chain[0]);
            let model = &pc.index.files[chain[0].file].model;
            // (`PinnedVec v(n);` in the loop's body: the block's end destroys it.)
            if head.scoped && !head.result_kept {
                return true;
            }
            held_by_plain_local(model, head)
                .is_some_and(|r| r != RETURNED && !escapes_to_caller(model, head.function, r))
        }
        _ => false,
    }
}

/// The plain local that holds what call `site` returns, when nothing keeps it further: no
/// container it is put into, no name or member it flows to, no alias of it.
fn held_by_plain_local<'m>(model: &FileModel, site: &'m crate::model::CallSite) -> Option<&'m str> {
    site.result.as_deref().filter(|r| {
        !r.contains(['.', '[', '-', '>'])
            && !site.result_kept
            && !model
                .flows
                .iter()
                .any(|(f, n, _)| *f == site.function && n == r)
            && !model
                .aliases
                .iter()
                .any(|(f, from, _)| *f == site.function && from == r)
    })
}

fn escapes_to_caller(model: &FileModel, func: FuncId, name: &str) -> bool {
    model.escapes.iter().any(|e| {
        e.function == func
            && e.name == name
            && matches!(e.kind, EscapeKind::Returned | EscapeKind::OutParam)
    })
}

/// What the callers of `at` do with a set of buffers it returns: `Some(true)` when one
/// of them (or a caller up the chain it is handed back through) keeps it in state that
/// outlives the call (a member, a module's name, a container, or an expression built
/// around it), `Some(false)` when every one lets it die in a plain local, `None` when
/// no caller is in view.
pub fn returned_set_kept(pc: &ProjectContext, at: FnRef, depth: u8) -> Option<bool> {
    let callers = pc.index.callers(at);
    if callers.is_empty() {
        return None;
    }
    let mut kept = false;
    for c in callers {
        let site = pc.index.call(c);
        let model = &pc.index.files[c.file].model;
        // (Kept by the object a constructor builds: `self.ring = make_ring(n)`.)
        let member = site
            .result
            .as_deref()
            .is_some_and(|r| r.starts_with("self.") || r.starts_with("this->"));
        if !member && call_handed_over(pc, c) {
            if depth == 0 || pc.index.guessed(c) {
                return Some(true);
            }
            let up = FnRef {
                file: c.file,
                func: site.function,
            };
            match returned_set_kept(pc, up, depth - 1) {
                Some(false) => continue,
                _ => return Some(true),
            }
        }
        // (Where a local goes next is known for Python: `FileModel::flows`.)
        let python = pc.index.files[c.file].language == crate::model::Language::Python;
        let dies = python && !site.result_reused && held_by_plain_local(model, site).is_some();
        kept |= !dies;
    }
    Some(kept)
}
