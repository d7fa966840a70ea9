//! Shared by the pairing rules (GT301-GT305): where a buffer's release may be, and whether
//! it leaves the function some other way.

use super::view::Context;
use crate::catalog::ApiKind;
use crate::model::{
    Disposal, DisposalKind, Escape, EscapeKind, Event, FuncId, FunctionKind, Lifetime, PtrScope,
    SlotStore, Span,
};

/// The function that owns `f`'s code: lambdas belong to the function they are written in.
pub fn owner(ctx: &Context, f: FuncId) -> FuncId {
    ctx.model.owner(f)
}

/// The class a function (or the function a lambda is written in) belongs to.
pub fn class_of<'a>(ctx: &Context<'a>, f: FuncId) -> Option<&'a str> {
    ctx.model.functions[owner(ctx, f)].class.as_deref()
}

/// Does an API named `release` undo one named `api`, counting `#define` aliases?
pub fn releases_name(ctx: &Context, api: &str, release: &str) -> bool {
    let same = |a: &str, b: &str| {
        a == b
            || ctx
                .model
                .api_aliases
                .iter()
                .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    let mut names = vec![api];
    names.extend(ctx.model.api_aliases.iter().filter_map(|(x, y)| {
        if x == api {
            Some(y.as_str())
        } else if y == api {
            Some(x.as_str())
        } else {
            None
        }
    }));
    names.iter().any(|n| {
        ctx.catalog.apis.iter().filter(|a| a.name == *n).any(|a| {
            a.released_by
                .iter()
                .chain(&a.also_released_by)
                .any(|r| same(r, release))
        })
    })
}

/// Is every release of `ev` one that works but is not the documented pair (`hipFree` on
/// `hipHostMalloc` memory)? The first such release, when so.
pub fn only_tolerated_release<'a>(ctx: &Context<'a>, ev: &Event) -> Option<&'a Event> {
    let api = &ctx.catalog.apis[ev.api];
    let releases = releases(ctx, ev);
    let tolerated = |r: &&Event| {
        let name = &ctx.catalog.apis[r.api].name;
        api.also_released_by.contains(name) && !api.released_by.contains(name)
    };
    if !releases.is_empty() && releases.iter().all(tolerated) {
        releases.first().copied()
    } else {
        None
    }
}

/// Is `r` a release of the kind that pairs with `ev`'s API (whatever it releases)?
pub fn is_release_of(ctx: &Context, ev: &Event, r: &Event) -> bool {
    matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
        && releases_name(
            ctx,
            &ctx.catalog.apis[ev.api].name,
            &ctx.catalog.apis[r.api].name,
        )
}

/// A pointer as a slot of its collection: `bufs[i]` → `bufs[*]`, and `b` inside
/// `for b in bufs` (or `for (auto* b : bufs)`) → `bufs[*]`. Other pointers are themselves.
pub fn canonical(ctx: &Context, ev: &Event) -> Option<String> {
    let pointer = ev.pointer.as_deref()?;
    let root = crate::model::root_name(pointer);
    if let Some(slot) = slot_of_array(ev, pointer) {
        return Some(slot);
    }
    if pointer[root.len()..].starts_with('[') {
        return Some(format!("{root}[*]"));
    }
    for l in ctx.model.loop_chain(ev.innermost_loop) {
        if let Some((var, collection)) = &ctx.model.loops[l].element
            && var == root
        {
            return Some(format!("{collection}[*]"));
        }
    }
    Some(pointer.to_string())
}

/// `bufs_ + 1`, `extra_ + i`: an allocation written into one slot of an array of
/// buffers (what `&bufs_[1]` says), the array's slot like `bufs_[1]` (`bufs_[*]`).
fn slot_of_array(ev: &Event, pointer: &str) -> Option<String> {
    if ev.kind != ApiKind::Alloc {
        return None;
    }
    let root = crate::model::root_name(pointer);
    let rest = pointer[root.len()..].trim_start();
    (!root.is_empty() && rest.starts_with('+') && rest.len() > 1).then(|| format!("{root}[*]"))
}

/// Do two events name the same buffer?
pub fn same_buffer(ctx: &Context, a: &Event, b: &Event) -> bool {
    a.pointer.is_some() && (a.pointer == b.pointer || canonical(ctx, a) == canonical(ctx, b))
}

/// The releases of `ev`'s buffer: in its scope (`in_scope`), or of the elements of a
/// collection it was kept in (`released_from_slot`).
pub fn releases<'a>(ctx: &Context<'a>, ev: &Event) -> Vec<&'a Event> {
    if ev.pointer.is_none() {
        return Vec::new();
    }
    let home = owner(ctx, ev.function);
    ctx.model
        .events
        .iter()
        .filter(|r| is_release_of(ctx, ev, r))
        .filter(|r| {
            released_from_slot(ctx, ev, r)
                || ((same_buffer(ctx, ev, r) || moved_into_member(ctx, ev, r))
                    && in_scope(ctx, ev, r, home))
        })
        .collect()
}

/// The function, other than the pin's own, that releases `ev`'s buffer (`tb_shutdown`
/// freeing what `tb_init` put in the context), if one does: each call's buffer is given
/// back there, not left to add up. (Not an owner's destructor or `drop`: whether the
/// object goes, its callers say.)
pub fn released_elsewhere<'a>(ctx: &Context<'a>, ev: &Event) -> Option<&'a str> {
    let class = ctx.model.functions[ev.function].class.as_deref();
    releases(ctx, ev)
        .into_iter()
        .find(|r| {
            r.function != ev.function
                && !r.in_cleanup
                && (class.is_none() || ctx.model.functions[r.function].class.as_deref() != class)
        })
        .map(|r| ctx.model.functions[r.function].name.as_str())
}

/// Is release `r` in the scope where `ev`'s buffer can be released: the same function
/// (lambdas included); for a member, any method of the class; for a file-level variable,
/// the whole file?
fn in_scope(ctx: &Context, ev: &Event, r: &Event, home: FuncId) -> bool {
    moved_into_member(ctx, ev, r) || reaches_scope(ctx, ev.pointer_scope, ev, r, home)
}

/// Is release `r` where something of `scope` that `ev`'s function (`home`) holds can be
/// released: for a member, any method of the class; for a file-level name, the whole file;
/// else the same function (lambdas included)?
fn reaches_scope(ctx: &Context, scope: PtrScope, ev: &Event, r: &Event, home: FuncId) -> bool {
    match scope {
        PtrScope::Member => {
            owner(ctx, r.function) == home
                || (class_of(ctx, r.function).is_some()
                    && class_of(ctx, r.function) == class_of(ctx, ev.function))
        }
        PtrScope::Global | PtrScope::Static => true,
        PtrScope::Local | PtrScope::Param => owner(ctx, r.function) == home,
    }
}

/// The collections `ev`'s buffer joins in its function after the pin
/// (`self._ptrs.append(arr.ctypes.data)`, `ptrs_.push_back(a)`).
pub fn kept_in<'c>(ctx: &'c Context, ev: &'c Event) -> impl Iterator<Item = &'c SlotStore> {
    let pointer = ev.pointer.as_deref();
    let home = owner(ctx, ev.function);
    ctx.model.slot_stores.iter().filter(move |s| {
        owner(ctx, s.function) == home
            && s.span.start >= ev.span.end
            && pointer.is_some_and(|p| s.item == p)
    })
}

/// `for p in self._ptrs: unregister(p)` releases what `self._ptrs.append(..)` kept: a
/// release of a collection's elements, where the collection lives (the class for a
/// member, the file for a file-level one, else the function).
fn released_from_slot(ctx: &Context, ev: &Event, r: &Event) -> bool {
    let Some(slot) = canonical(ctx, r) else {
        return false;
    };
    let Some(container) = slot.strip_suffix("[*]") else {
        return false;
    };
    let home = owner(ctx, ev.function);
    kept_in(ctx, ev).any(|s| s.container == container && reaches_scope(ctx, s.scope, ev, r, home))
}

/// Is `ev`'s buffer released by whatever holds it after the call, in another function of
/// the file: a field of an object the function is handed (`register(c->capture)` in
/// `ctx_init(c)`, `unregister(c->capture)` in `ctx_fini(c)`), or the global or member the
/// function stores it into (`g_heap = heap` ... `unregister(g_heap)`)?
pub fn released_by_holder(ctx: &Context, ev: &Event) -> bool {
    let Some(pointer) = ev.pointer.as_deref() else {
        return false;
    };
    let home = owner(ctx, ev.function);
    let root = crate::model::root_name(pointer);
    let through_param = pointer.len() > root.len()
        && (pointer[root.len()..].starts_with("->") || pointer[root.len()..].starts_with('.'))
        && ctx.model.functions[home]
            .params
            .iter()
            .any(|(p, _)| p == root);
    let stores: Vec<&str> = escapes(ctx, ev)
        .filter(|e| e.kind == EscapeKind::Stored)
        .filter_map(|e| e.target.as_deref())
        .collect();
    ctx.model.events.iter().any(|r| {
        let Some(q) = r.pointer.as_deref() else {
            return false;
        };
        is_release_of(ctx, ev, r)
            && owner(ctx, r.function) != home
            && (stores.contains(&q)
                || (through_param
                    && field_name(q) == field_name(pointer)
                    && ctx.model.functions[owner(ctx, r.function)]
                        .params
                        .iter()
                        .any(|(p, _)| p == crate::model::root_name(q))))
    })
}

/// A constructor that pins a buffer and moves it into a field of the same name, which the
/// class releases (`Registered { buf }` ... `Drop`: `cudaHostUnregister(self.buf..)`).
fn moved_into_member(ctx: &Context, ev: &Event, r: &Event) -> bool {
    let (Some(p), Some(q)) = (ev.pointer.as_deref(), r.pointer.as_deref()) else {
        return false;
    };
    r.pointer_scope == PtrScope::Member
        && class_of(ctx, ev.function).is_some()
        && class_of(ctx, r.function) == class_of(ctx, ev.function)
        && escape(ctx, ev).is_some()
        && crate::model::root_name(q.trim_start_matches("self.").trim_start_matches("this->"))
            == crate::model::root_name(p)
}

/// A wrapper pair: `ev` pins its caller's buffer (a parameter) and releases it nowhere in
/// its function, and the file has a pure release wrapper: another function that releases a
/// parameter it does not pin itself (`register_host_buffer` / `unregister_host_buffer`).
pub fn wrapper_paired(ctx: &Context, ev: &Event) -> bool {
    ev.pointer_scope == PtrScope::Param
        && releases(ctx, ev).is_empty()
        && ctx.model.events.iter().any(|r| {
            let home = owner(ctx, r.function);
            is_release_of(ctx, ev, r)
                && r.pointer_scope == PtrScope::Param
                && home != owner(ctx, ev.function)
                && !ctx.model.events.iter().any(|p| {
                    p.kind.pins() && owner(ctx, p.function) == home && p.pointer == r.pointer
                })
        })
}

/// A shim named like the API it wraps (`namespace mem { cudaError_t cudaHostRegister(void* p,
/// size_t n) { return ::cudaHostRegister(p, n, 0); } }`), pinning its caller's buffer: the
/// callers' calls match the catalog by name and are the sites; they release, or not, what
/// it pins for them.
pub fn in_shim(ctx: &Context, ev: &Event) -> bool {
    ev.pointer_scope == PtrScope::Param
        && ctx.model.functions[ev.function].name == ctx.catalog.apis[ev.api].name
}

/// How `ev`'s buffer leaves its function, if it does.
pub fn escape(ctx: &Context, ev: &Event) -> Option<EscapeKind> {
    escapes(ctx, ev)
        .map(|e| e.kind)
        .min_by_key(|k| *k != EscapeKind::Guarded)
}

/// Where `ev`'s buffer (or the variable it starts from) leaves its function.
pub fn escapes<'c>(ctx: &'c Context, ev: &'c Event) -> impl Iterator<Item = &'c Escape> {
    let pointer = ev.pointer.as_deref();
    let home = owner(ctx, ev.function);
    ctx.model.escapes.iter().filter(move |e| {
        owner(ctx, e.function) == home
            && pointer.is_some_and(|p| e.name == p || e.name == crate::model::root_name(p))
    })
}

/// Is `ev`'s buffer handed to an owner (a smart pointer with a deleter), and does the file
/// hold a release that such a deleter could be (applied to a parameter)?
pub fn raii_guarded(ctx: &Context, ev: &Event) -> bool {
    let kind = escape(ctx, ev);
    kind == Some(EscapeKind::Guarded)
        || kind == Some(EscapeKind::Owner)
            && ctx
                .model
                .events
                .iter()
                .any(|r| is_release_of(ctx, ev, r) && r.pointer_scope == PtrScope::Param)
}

/// Where the release search looked, for messages.
pub fn scope_words(ctx: &Context, ev: &Event) -> String {
    match ev.pointer_scope {
        PtrScope::Member => match class_of(ctx, ev.function) {
            Some(c) => format!("anywhere in class `{c}`"),
            None => "in this function".to_string(),
        },
        PtrScope::Global | PtrScope::Static => "anywhere in this file".to_string(),
        PtrScope::Local | PtrScope::Param => {
            let f = &ctx.model.functions[owner(ctx, ev.function)];
            if f.kind == FunctionKind::TopLevel {
                "at the top level of this file".to_string()
            } else {
                format!("in `{}`", f.name)
            }
        }
    }
}

/// Does disposal `d` end `ev`'s buffer (`delete[] p` for `p`, `free(bufs[i])` for
/// `bufs[i]`, `v`'s end for `v.data()`)?
fn disposes_of(ctx: &Context, ev: &Event, d: &Disposal) -> bool {
    let Some(pointer) = ev.pointer.as_deref() else {
        return false;
    };
    let root = crate::model::root_name(pointer);
    let same = d.name == pointer
        || (d.name.starts_with(root)
            && crate::model::root_name(&d.name) == root
            && d.name[root.len()..].starts_with('[')
            && pointer[root.len()..].starts_with('['))
        || (d.kind == DisposalKind::ScopeEnd || d.kind == DisposalKind::Reassigned)
            && d.name == root;
    if !same {
        return false;
    }
    let home = owner(ctx, ev.function);
    let there = owner(ctx, d.function);
    let in_scope = match ev.pointer_scope {
        PtrScope::Local | PtrScope::Param => there == home,
        PtrScope::Member => {
            there == home
                || (class_of(ctx, d.function).is_some()
                    && class_of(ctx, d.function) == class_of(ctx, ev.function))
        }
        PtrScope::Global | PtrScope::Static => true,
    };
    in_scope && (there != home || d.span.start > ev.span.end)
}

/// Is `ev`'s registration undone before disposal `d`: a release of it earlier in `d`'s
/// function (after the registration, when that is the same function), or a call there,
/// before `d`, of a function that holds such a release (`unpin(); delete[] buf_;`)?
fn unregistered_before(ctx: &Context, ev: &Event, d: &Disposal) -> bool {
    let home = owner(ctx, ev.function);
    let there = owner(ctx, d.function);
    let after_ev = |at: usize| there != home || at > ev.span.start;
    let direct = releases(ctx, ev).iter().any(|r| {
        owner(ctx, r.function) == there && r.span.start < d.span.start && after_ev(r.span.start)
    });
    direct
        || ctx.model.calls.iter().any(|c| {
            owner(ctx, c.function) == there
                && c.span.start < d.span.start
                && after_ev(c.span.start)
                && ctx.model.events.iter().any(|r| {
                    is_release_of(ctx, ev, r)
                        && owner(ctx, r.function) != there
                        && ctx.model.functions[owner(ctx, r.function)].name == c.callee
                })
        })
}

/// The first disposal of `ev`'s registered buffer that comes before its unregistration:
/// `delete[] p`, `free(p)`, the vector owning it going away or being reassigned. The
/// buffer is freed while still registered: a bug, whatever the frequency.
pub fn freed_while_registered<'a>(ctx: &Context<'a>, ev: &Event) -> Option<&'a Disposal> {
    if ev.kind != ApiKind::Register || ev.pointer.is_none() {
        return None;
    }
    ctx.model
        .disposals
        .iter()
        .filter(|d| disposes_of(ctx, ev, d))
        // (Freed where the registration's own check failed: never registered.)
        .filter(|d| !ctx.model.on_failure_of(ev.span, d.span))
        // A container moved or returned keeps its storage alive elsewhere; one that ends
        // with `main` ends with the process.
        .filter(|d| {
            !matches!(d.kind, DisposalKind::ScopeEnd)
                || (ev.pointer_scope == PtrScope::Local
                    && escape(ctx, ev).is_none()
                    && !ctx
                        .catalog
                        .context
                        .is_main_name(&ctx.model.functions[owner(ctx, d.function)].name))
        })
        .find(|d| !unregistered_before(ctx, ev, d))
}

/// The store a pinned allocation replaces without releasing the block it held: `data_ =
/// fresh` or `cudaHostAlloc(&c->rows, ..)` in a function other than the constructor or
/// set-up function that filled it first, with no release of that store earlier in this
/// function (a `grow` that forgets the old block). The store and where it is overwritten.
pub fn overwritten_store(ctx: &Context, ev: &Event) -> Option<(String, Span)> {
    if ev.kind != ApiKind::Alloc || ev.lifetime != Lifetime::Manual {
        return None;
    }
    let pointer = ev.pointer.as_deref()?;
    let home = owner(ctx, ev.function);
    // Where the buffer goes: the member it is made in, or the store it is assigned to.
    let (store, at) = if ev.pointer_scope == PtrScope::Member || pointer.contains("->") {
        (pointer.to_string(), ev.span)
    } else {
        ctx.model
            .escapes
            .iter()
            .filter(|e| e.kind == EscapeKind::Stored && e.name == pointer)
            .filter(|e| owner(ctx, e.function) == home && e.span.start > ev.span.start)
            .find_map(|e| Some((e.target.clone()?, e.span)))?
    };
    // Where a store is filled first: a constructor; for `c->rows`, the function that makes
    // `c` (not one handed it as a parameter); for a plain member, a set-up method.
    let first = |f: FuncId, store: &str| {
        let g = &ctx.model.functions[f];
        if g.class.as_deref() == Some(g.name.as_str()) {
            return true;
        }
        match store.split_once("->").or_else(|| store.split_once('.')) {
            Some((root, _)) => root != "this" && !g.params.iter().any(|(p, _)| p == root),
            None => ctx.catalog.context.is_setup_name_in(&g.name, ctx.language),
        }
    };
    if first(home, &store) {
        return None;
    }
    let field = field_name(&store);
    let same = |name: &str| field_name(name) == field;
    // Released (or handed to a release) earlier in this function: replaced, not leaked.
    let released = ctx.model.events.iter().any(|r| {
        matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
            && owner(ctx, r.function) == home
            && r.span.start < at.start
            && r.pointer.as_deref().is_some_and(same)
    }) || ctx
        .model
        .disposals
        .iter()
        .any(|d| owner(ctx, d.function) == home && d.span.start < at.start && same(&d.name));
    if released {
        return None;
    }
    // Filled first elsewhere, so that it holds a block when this function runs; or by
    // this very pin on an earlier, smaller call (a grow-only buffer pinned again over the
    // last one).
    let filled_first = ev.grows_only
        || ctx.model.events.iter().any(|e| {
            e.kind == ApiKind::Alloc
                && owner(ctx, e.function) != home
                && e.pointer
                    .as_deref()
                    .is_some_and(|p| same(p) && first(owner(ctx, e.function), p))
        })
        || ctx.model.escapes.iter().any(|e| {
            e.kind == EscapeKind::Stored
                && owner(ctx, e.function) != home
                && e.target
                    .as_deref()
                    .is_some_and(|t| same(t) && first(owner(ctx, e.function), t))
        });
    filled_first.then_some((store, at))
}

/// A store's own name: `rows` for `c->rows`, `cache.rows` or `this->rows`.
fn field_name(store: &str) -> &str {
    store.rsplit(['.', '>']).next().unwrap_or(store)
}

/// A pinned allocation handed to a host release (`free(p)`, `delete[] p`): the memory is
/// not unpinned (the release is undefined behaviour on it), a bug whatever the frequency.
pub fn freed_by_host<'a>(ctx: &Context<'a>, ev: &Event) -> Option<&'a Disposal> {
    if ev.kind != ApiKind::Alloc || ev.pointer.is_none() {
        return None;
    }
    ctx.model
        .disposals
        .iter()
        .filter(|d| matches!(d.kind, DisposalKind::Free | DisposalKind::Delete))
        .find(|d| disposes_of(ctx, ev, d))
}

/// A class that releases some of its pinned members in a tear-down method (a destructor,
/// `close()`, `release()`, `rules/ownership.toml`'s `release_methods`) but not `ev`'s,
/// which it never releases: the method's name and one release it makes there.
pub fn forgotten_member<'a>(ctx: &Context<'a>, ev: &Event) -> Option<(&'a str, &'a Event)> {
    if ev.pointer_scope != PtrScope::Member || !releases(ctx, ev).is_empty() {
        return None;
    }
    let class = class_of(ctx, ev.function)?;
    let names = &ctx.catalog.ownership;
    ctx.model.events.iter().find_map(|r| {
        if !matches!(r.kind, ApiKind::Free | ApiKind::Unregister)
            || class_of(ctx, r.function) != Some(class)
        {
            return None;
        }
        let method = ctx.model.functions[owner(ctx, r.function)].name.as_str();
        if !names.is_release_method(method) {
            return None;
        }
        let pairs_other = ctx.model.events.iter().any(|p| {
            p.kind.pins()
                && p.pointer_scope == PtrScope::Member
                && p.pointer != ev.pointer
                && class_of(ctx, p.function) == Some(class)
                && is_release_of(ctx, p, r)
                && same_buffer(ctx, p, r)
        });
        pairs_other.then_some((method, r))
    })
}
