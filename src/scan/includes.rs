//! The include graph among C-family files: who sees a header's names. A header is known
//! by its folder and stem (`sim/pinned_alloc`, `header_key`) where the including file says
//! which (`#include "sim/pinned_alloc.hpp"`, or a bare name beside the includer), and by
//! its stem alone: a project may hold a `common.h` in every folder, and only the one an
//! include can mean is followed, when the graph knows it.

use rustc_hash::FxHashMap;

/// How many levels of `#include` a header's names are followed through (the header's
/// includers, theirs, ..). Past the first level, only while they are looked for under
/// fewer stems than `MAX_INCLUDE_REACH`: a header every file includes would otherwise make
/// its names wanted everywhere (AMGX: +20% with 32).
const INCLUDE_LEVELS: usize = 3;
const MAX_INCLUDE_REACH: usize = 8;

/// The key of a file by its folder's name and its stem (`sim/pinned_alloc`).
pub fn header_key(folder: &str, stem: &str) -> String {
    format!("{folder}/{stem}")
}

/// The key of the file whose `module_names` are `names` (its stem, then its folder's).
pub fn key_of(names: &[String]) -> Option<String> {
    match names {
        [stem, folder, ..] => Some(header_key(folder, stem)),
        [stem] => Some(header_key("", stem)),
        [] => None,
    }
}

/// The stem of a key (`pinned_alloc` of `sim/pinned_alloc`), the word an including file
/// mentions.
pub fn key_stem(key: &str) -> &str {
    key.rsplit('/').next().unwrap_or(key)
}

/// The includers of the header `key`: those that name it with its folder (or sit beside
/// it) when there are any, else those of any header of its stem.
fn includers_of<'g>(
    key: &str,
    included_by: &'g FxHashMap<Box<str>, Vec<Box<str>>>,
) -> Option<&'g Vec<Box<str>>> {
    included_by
        .get(key)
        .or_else(|| included_by.get(key_stem(key)))
}

/// The keys of the files that include the header `key` (see `header_key`), of those that
/// include them, and so on to `INCLUDE_LEVELS` (`included_by` as `LiveNames::included_by`,
/// each list sorted): `models.cpp` sees `pinned_alloc.hpp` through `models.hpp` and
/// `sim.hpp`.
pub fn includers(key: &str, included_by: &FxHashMap<Box<str>, Vec<Box<str>>>) -> Vec<String> {
    let mut seen: Vec<String> = vec![key.to_string()];
    let mut frontier = seen.clone();
    for level in 0..INCLUDE_LEVELS {
        let mut next = Vec::new();
        for by in frontier.iter().filter_map(|s| includers_of(s, included_by)) {
            for s in by {
                if (level == 0 || seen.len() < MAX_INCLUDE_REACH)
                    && !seen.iter().any(|x| **x == **s)
                {
                    seen.push(s.to_string());
                    next.push(s.to_string());
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    seen.split_off(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &[&str])]) -> FxHashMap<Box<str>, Vec<Box<str>>> {
        edges
            .iter()
            .map(|(h, by)| ((*h).into(), by.iter().map(|b| (*b).into()).collect()))
            .collect()
    }

    #[test]
    fn follows_includers_three_levels_and_caps_the_deeper_ones() {
        let g = graph(&[
            ("pinned_alloc", &["sim"]),
            ("sim", &["models", "sim_main"]),
            ("models", &["models_impl"]),
            ("models_impl", &["never"]),
        ]);
        assert_eq!(
            includers("pinned_alloc", &g),
            ["sim", "models", "sim_main", "models_impl"]
        );
        // A header included everywhere: its direct includers all count, deeper ones stop
        // at the cap.
        let many: Vec<String> = (0..12).map(|i| format!("f{i}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let g = graph(&[("common", &refs), ("f0", &["deep"])]);
        let found = includers("common", &g);
        assert_eq!(found.len(), 12);
        assert!(!found.iter().any(|s| s == "deep"));
    }

    /// Headers of one stem in several folders: a header's own includers (beside it, or
    /// naming its folder) are followed, and only theirs; a header no include names by
    /// folder falls back to every includer of its stem.
    #[test]
    fn a_header_is_followed_through_its_own_folder_first() {
        let g = graph(&[
            ("flow/host_alloc", &["flow/solver"]),
            (
                "host_alloc",
                &["audit/source", "bind/bindings", "flow/solver", "io/buffers"],
            ),
            ("flow/solver", &["flow/kernels"]),
            ("solver", &["flow/kernels"]),
            ("flow/kernels", &["flow/stages"]),
        ]);
        assert_eq!(
            includers("flow/host_alloc", &g),
            ["flow/solver", "flow/kernels", "flow/stages"]
        );
        assert_eq!(
            includers("vendor/host_alloc", &g),
            [
                "audit/source",
                "bind/bindings",
                "flow/solver",
                "io/buffers",
                "flow/kernels",
                "flow/stages"
            ]
        );
        assert_eq!(key_stem("flow/kernels"), "kernels");
    }
}
