//! Loops whose variable takes a new value on every iteration (`Loop::distinct`) and the
//! calls inside them that pass such a value on (`CallSite::varying_args`), read from
//! text for every front end. A cache keyed by one misses on every iteration;
//! `analysis::frequency`'s `key_never_repeats` decides when that matters.

use super::builder::c_loop_variable;
use super::keys::{assigned_value, call_arguments, dotted_names};
use crate::catalog::Catalog;
use crate::model::{Expr, FileModel, Trips, VaryingArg};

pub fn mark_distinct(model: &mut FileModel, text: &str, catalog: &Catalog) {
    let sources = &catalog.context.distinct_sources;
    for i in 0..model.loops.len() {
        let names = distinct_names(model, i, text, sources);
        model.loops[i].distinct = names;
    }
    if model.loops.iter().all(|l| l.distinct.is_empty()) {
        return;
    }
    for c in 0..model.calls.len() {
        let call = &model.calls[c];
        let vars: Vec<&str> = model
            .loop_chain(call.innermost_loop)
            .into_iter()
            .flat_map(|l| model.loops[l].distinct.iter().map(String::as_str))
            .collect();
        if vars.is_empty() {
            continue;
        }
        let Some(args) = text
            .get(call.span.start..call.span.end)
            .and_then(call_arguments)
        else {
            continue;
        };
        let params = &model.functions[call.function].params;
        let param = |n: &str| n != "self" && params.iter().any(|(p, _)| p == n);
        let mut found = Vec::new();
        let mut position = 0u8;
        for arg in args {
            // (Python's `key=value`, not `a == b`.)
            let (keyword, value) = match arg.split_once('=') {
                Some((k, v))
                    if !v.starts_with('=')
                        && !k.ends_with(['!', '<', '>', '='])
                        && k.trim().chars().all(|ch| ch.is_alphanumeric() || ch == '_') =>
                {
                    (Some(k.trim().to_string()), v)
                }
                _ => (None, arg),
            };
            let names: Vec<&str> = dotted_names(value).collect();
            let read = names
                .iter()
                .find(|n| vars.contains(n))
                .map(|n| (n, true))
                .or_else(|| names.iter().find(|n| param(n)).map(|n| (n, false)));
            if let Some((name, from_loop)) = read {
                found.push(VaryingArg {
                    keyword: keyword.clone(),
                    position,
                    name: name.to_string(),
                    from_loop,
                });
            }
            if keyword.is_none() {
                position = position.saturating_add(1);
            }
        }
        if found.iter().any(|a| a.from_loop) {
            model.calls[c].varying_args = found;
        }
    }
}

/// The names of loop `i` that take a new value each iteration (`Loop::distinct`).
fn distinct_names(model: &FileModel, i: usize, text: &str, sources: &[String]) -> Vec<String> {
    let l = &model.loops[i];
    let Some(header) = text.get(l.header.start..l.header.end) else {
        return Vec::new();
    };
    // (A loop of a constant count, `for depot in 0..4`, makes a fixed set: set-up.)
    let constant = match &l.trips {
        Trips::Counted { start, end, .. } => {
            matches!(start, Expr::Int(_)) && matches!(end, Expr::Int(_))
        }
        Trips::Fixed(_) => true,
        Trips::Unknown => false,
    };
    if constant {
        return Vec::new();
    }
    let header = header.trim();
    // C and C++: `for (int i = 0; i < n; ++i)`, or a range-for over a directory listing.
    if !header.contains(" in ") {
        if let Some((element, _)) = &l.element
            && lists(header, sources)
        {
            return vec![element.clone()];
        }
        return matches!(l.trips, Trips::Counted { .. })
            .then(|| c_loop_variable(header))
            .flatten()
            .into_iter()
            .collect();
    }
    // Python and Rust: `for <pattern> in <iterable>`.
    let Some((pattern, iterable)) = header
        .strip_prefix("for ")
        .or_else(|| header.strip_prefix("async for "))
        .and_then(|h| h.split_once(" in "))
    else {
        return Vec::new();
    };
    let iterable = iterable.trim_end_matches([':', '{']).trim();
    let bound: Vec<String> = if l.targets.is_empty() {
        dotted_names(pattern)
            .filter(|n| !matches!(*n, "mut" | "ref"))
            .map(str::to_string)
            .collect()
    } else {
        l.targets.clone()
    };
    // (A local holding the listing: `paths = sorted(root.glob("*.png"))` .. `for p in paths`.)
    let function = &model.functions[l.function];
    let before = text.get(function.span.start..l.header.start).unwrap_or("");
    let root = iterable
        .strip_prefix("enumerate(")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(iterable)
        .trim()
        .trim_start_matches('&');
    let listed = lists(iterable, sources)
        || (root.chars().all(|c| c.is_alphanumeric() || c == '_')
            && assigned_value(before, root).is_some_and(|v| lists(v, sources)));
    if listed {
        return bound;
    }
    // (Not an `enumerate` index: it counts a collection's items, the same positions
    // each time the collection is walked, as a pool of per-layer buffers is.)
    let counted =
        iterable.starts_with("range(") || (l.targets.is_empty() && is_rust_range(iterable));
    if counted {
        return bound.into_iter().take(1).collect();
    }
    Vec::new()
}

/// Does `code` call one of `sources` (`root.glob("*.png")`, `os.listdir(d)`)?
fn lists(code: &str, sources: &[String]) -> bool {
    sources.iter().any(|s| {
        code.match_indices(s.as_str()).any(|(i, _)| {
            let before = code[..i].chars().next_back();
            let after = code[i + s.len()..].trim_start();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && (after.starts_with('(') || after.starts_with("::new("))
        })
    })
}

/// `0..n`, `start..=end`, `(0..n).step_by(2)`: a Rust range at the top of the iterable.
fn is_rust_range(iterable: &str) -> bool {
    let inner = iterable.trim_start_matches('(');
    let cut = inner.find(')').unwrap_or(inner.len());
    inner[..cut].contains("..") && !inner[..cut].contains("...")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_are_calls_of_a_source() {
        let s = vec!["glob".to_string(), "read_dir".to_string()];
        assert!(lists("sorted(Path(d).glob(\"*.png\"))", &s));
        assert!(lists("std::fs::read_dir(&root)?", &s));
        assert!(!lists("self.globals", &s));
        assert!(!lists("glob_pattern", &s));
    }

    #[test]
    fn rust_ranges() {
        assert!(is_rust_range("0..n_iters"));
        assert!(is_rust_range("(0..n).step_by(2)"));
        assert!(!is_rust_range("cfg.jobs.iter()"));
    }
}
