//! The include graph among C-family files, by stem: who sees a header's names.

use rustc_hash::FxHashMap;

/// How many levels of `#include` a header's names are followed through (the header's
/// includers, theirs, ..). Past the first level, only while they are looked for under
/// fewer stems than `MAX_INCLUDE_REACH`: a header every file includes would otherwise make
/// its names wanted everywhere (AMGX: +20% with 32).
const INCLUDE_LEVELS: usize = 3;
const MAX_INCLUDE_REACH: usize = 8;

/// The stems of the files that include one of the headers `stems`, of those that include
/// them, and so on to `INCLUDE_LEVELS` (`included_by` as `LiveNames::included_by`):
/// `models.cpp` sees `pinned_alloc.hpp` through `models.hpp` and `sim.hpp`.
pub fn includers(
    stems: &[String],
    included_by: &FxHashMap<Box<str>, Vec<Box<str>>>,
) -> Vec<String> {
    let mut seen: Vec<String> = stems.to_vec();
    let mut frontier = stems.to_vec();
    for level in 0..INCLUDE_LEVELS {
        let mut next = Vec::new();
        for by in frontier.iter().filter_map(|s| included_by.get(s.as_str())) {
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
    seen.split_off(stems.len())
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
        let from = ["pinned_alloc".to_string()];
        assert_eq!(
            includers(&from, &g),
            ["sim", "models", "sim_main", "models_impl"]
        );
        // A header included everywhere: its direct includers all count, deeper ones stop
        // at the cap.
        let many: Vec<String> = (0..12).map(|i| format!("f{i}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let g = graph(&[("common", &refs), ("f0", &["deep"])]);
        let found = includers(&["common".to_string()], &g);
        assert_eq!(found.len(), 12);
        assert!(!found.iter().any(|s| s == "deep"));
    }
}
