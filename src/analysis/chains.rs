//! Call chains: the paths of calls from a loop (or a per-batch function) down to a
//! function that pins, and what the calls along a chain pass for its parameters.

use std::collections::{HashMap, VecDeque};

use super::index::{CallRef, FnRef};
use super::view::ProjectContext;
use crate::model::{FunctionKind, Language};

/// Calls between the loop and the pinning function: the loop's own call plus up to four
/// intermediate functions (the lazy parse follows names across files one call less
/// far: `names::MAX_NAME_DEPTH`).
pub const MAX_EDGES: usize = 5;
/// Chains listed per site.
const MAX_CHAINS: usize = 3;
/// Calls of one function whose chains are searched each (a wrapper's callers).
const MAX_WRAPPER_CALLS: usize = 8;
/// Functions visited per search: a bound on pathological call graphs.
const MAX_VISITS: usize = 2000;

/// A path of calls from a call made inside a loop (first) to a call of the pinning
/// function (last).
pub type Chain = Vec<CallRef>;

/// Every chain (shortest first, at most `MAX_CHAINS`) from a loop to `target`.
pub fn chains(pc: &ProjectContext, target: FnRef) -> Vec<Chain> {
    chains_from(pc, target, &|c| pc.index.call(c).innermost_loop.is_some())
}

/// Every chain (shortest first, at most `MAX_CHAINS` through each call of `target`: a
/// wrapper's callers each get their own) of calls to `target` whose first call satisfies
/// `head` (made in a loop, made by a per-batch function).
pub fn chains_from(
    pc: &ProjectContext,
    target: FnRef,
    head: &dyn Fn(CallRef) -> bool,
) -> Vec<Chain> {
    let mut found: Vec<Chain> = Vec::new();
    let mut through: HashMap<CallRef, usize> = HashMap::new();
    let wanted = MAX_CHAINS * pc.index.callers(target).len().clamp(1, MAX_WRAPPER_CALLS);
    // Each entry: a function on the way up, and the calls from it down to `target`.
    let mut queue: VecDeque<(FnRef, Vec<CallRef>)> = VecDeque::from([(target, Vec::new())]);
    let mut visits = 0;
    while let Some((f, below)) = queue.pop_front() {
        visits += 1;
        if visits > MAX_VISITS || found.len() >= wanted {
            break;
        }
        for c in pc.index.callers(f) {
            let site = pc.index.call(c);
            // A call made once per key or per process, or only when a size outgrows
            // every earlier one, repeats nothing below it.
            if site.guarded_once || pc.index.grows_only(c) {
                continue;
            }
            // Through a called parameter, only the calls that hand over what is below.
            if let Some(&inner) = below.first() {
                let reached = below.get(1).map_or(target, |b| FnRef {
                    file: b.file,
                    func: pc.index.call(*b).function,
                });
                if !pc.index.passes(c, inner, reached) {
                    continue;
                }
            }
            let caller = FnRef {
                file: c.file,
                func: site.function,
            };
            let mut path = vec![c];
            path.extend(below.iter().copied());
            if head(c) {
                let last = path[path.len() - 1];
                let n = through.entry(last).or_default();
                if *n < MAX_CHAINS {
                    *n += 1;
                    found.push(path);
                }
                continue;
            }
            let recursion = caller == target
                || below
                    .iter()
                    .any(|b| pc.index.call(*b).function == site.function && b.file == c.file);
            if path.len() < MAX_EDGES
                && !recursion
                && matches!(
                    pc.index.function(caller).kind,
                    FunctionKind::Function | FunctionKind::Lambda
                )
            {
                queue.push_back((caller, path));
            }
        }
    }
    found
}

/// How a route names the function that call `chain[k]` reaches, the pin being in
/// `target`: its callee, or for a call of an object (`__call__`: `self.upscale(x)`,
/// `stage(x)`) the method of the class it reaches (`Upscaler.__call__`).
pub fn step_name(pc: &ProjectContext, chain: &[CallRef], k: usize, target: FnRef) -> String {
    let site = pc.index.call(chain[k]);
    let reached = chain.get(k + 1).map_or(target, |next| FnRef {
        file: next.file,
        func: pc.index.call(*next).function,
    });
    let language = pc.index.files[chain[k].file].language;
    // (A method called on an expression, `STATE["engine"].search(q)`, by its class:
    // `CupyEngine.search`, not a bare `search` that reads like the route handler calling it.)
    let on_expr = site.receiver == crate::model::Receiver::Expr
        && language == Language::Python
        && pc.index.function(reached).class.is_some()
        && pc.index.function(reached).name == site.callee;
    if site.callee != "__call__" && !on_expr {
        return written_name(site, language);
    }
    // (Or a function or lambda kept in a container and called as its element.)
    display_name(
        pc.index.function(reached),
        pc.index.files[reached.file].language,
    )
}

/// A call's callee as written, qualified by a named receiver: `PinnedBuf::new`,
/// `pool.acquire` (Python), `stage`.
pub fn written_name(site: &crate::model::CallSite, language: Language) -> String {
    match &site.receiver {
        crate::model::Receiver::Name(q) if language == Language::Python => {
            format!("{q}.{}", site.callee)
        }
        // (A variable's method stays bare: `node.process` is not `node::process`.)
        crate::model::Receiver::Name(q) if q.starts_with(char::is_uppercase) => {
            format!("{q}::{}", site.callee)
        }
        _ => site.callee.clone(),
    }
}

/// `Class.f` in Python, `Class::f` in C and C++.
pub fn display_name(f: &crate::model::Function, language: Language) -> String {
    let sep = if language == Language::Python {
        "."
    } else {
        "::"
    };
    match (f.kind, &f.class) {
        (FunctionKind::TopLevel, _) => "<module>".to_string(),
        (_, Some(c)) => format!("{c}{sep}{}", f.name),
        _ => f.name.clone(),
    }
}

/// Can call `c` (of the function that holds `ev`) reach `ev`? Not when `ev` runs only
/// under a flag parameter (`if (is_tmp) .. else pin`, `if pin_memory: pin`) that the call
/// sets to the other value: by a constant argument, or by the parameter's default when
/// the call leaves it out.
pub fn reaches(pc: &ProjectContext, c: CallRef, ev: &crate::model::Event, file: usize) -> bool {
    let Some((flag, want)) = &ev.condition else {
        return true;
    };
    let function = &pc.index.files[file].model.functions[ev.function];
    match passed_value(pc, c, function, flag) {
        Some(v) => (v != 0) == *want,
        None => true,
    }
}

/// The constant that call `c` gives `function`'s parameter `param`: a constant argument
/// (by position or keyword), or the parameter's constant default when the call leaves it
/// out. `None` when the call passes something else or the parameter is unknown.
pub fn passed_value<'p>(
    pc: &'p ProjectContext,
    c: CallRef,
    function: &'p crate::model::Function,
    param: &str,
) -> Option<i128> {
    let value = passed_expr(pc, c, function, param)?;
    crate::tax::Evaluator::new(&pc.index.files[c.file].model.constants).eval(value)
}

/// As `passed_value`, along a call chain (`chain`, outermost call first, the last one
/// calling `function`): a parameter the nearest caller passes along as it is
/// (`copy(src, n)` inside `upload(src, n)`) takes what the caller before passes, up the
/// chain. The value, and the call that gave it.
pub fn passed_along<'p>(
    pc: &'p ProjectContext,
    chain: &[CallRef],
    function: &'p crate::model::Function,
    param: &str,
) -> Option<(i128, CallRef)> {
    let mut function = function;
    let mut param = param.to_string();
    for &c in chain.iter().rev() {
        let value = passed_expr(pc, c, function, &param)?;
        let file = &pc.index.files[c.file].model;
        if let Some(v) = crate::tax::Evaluator::new(&file.constants).eval(value) {
            return Some((v, c));
        }
        let caller = &file.functions[pc.index.call(c).function];
        match value {
            crate::model::Expr::Name(n) if caller.params.iter().any(|(p, _)| p == n) => {
                param = n.clone();
                function = caller;
            }
            _ => return None,
        }
    }
    None
}

/// What call `c` passes for `function`'s parameter `param`, as written (see
/// `passed_value`).
pub fn passed_expr<'p>(
    pc: &'p ProjectContext,
    c: CallRef,
    function: &'p crate::model::Function,
    param: &str,
) -> Option<&'p crate::model::Expr> {
    let k = function.params.iter().position(|(p, _)| p == param)?;
    let call = pc.index.call(c);
    // Python's `self`/`cls` is not among a method call's arguments.
    let skip = usize::from(
        function
            .params
            .first()
            .is_some_and(|(p, _)| p == "self" || p == "cls"),
    );
    if k < skip {
        return None;
    }
    call.args
        .iter()
        .find(|(key, at, _)| match key {
            Some(key) => key == param,
            None => *at == k - skip,
        })
        .map(|(_, _, v)| v)
        .or_else(|| {
            // Left out: its default (unless passed positionally, or by a keyword that is
            // not a constant: then `positional` says all are passed).
            let passed = k < skip + usize::from(call.positional);
            (!passed).then(|| function.params[k].1.as_ref())?
        })
}
