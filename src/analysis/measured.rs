//! What a trace measured, joined to the static findings (`check --trace FILE`).
//!
//! A trace site names a file as the traced program saw it: an absolute path, perhaps in an
//! installed copy or another checkout. It belongs to the checked file with which its path
//! shares the longest suffix of components (`site-packages/pkg/io.py` joins `src/pkg/io.py`
//! on `pkg/io.py`); a tie that the same-file test cannot break joins nothing. A site joins
//! a finding when its line falls in the flagged call's lines: the site's own location
//! first, then its stack's frames, innermost first (a pin made in a library, or in a C++
//! extension without a finding, joins the line of the caller that has one). Each site
//! joins at one location only, so no pin is counted twice.

use std::collections::HashMap;

use crate::finding::{Finding, Measured};
use crate::tracefile::{Site, kind_of};

/// Where each trace site's locations lie among the checked files.
pub struct Located {
    /// Per site: its own location and its stack frames', in order, as (checked file, line).
    pub places: Vec<Vec<(usize, u32)>>,
    /// Site paths that matched two checked files equally well (`path`, the files).
    pub ambiguous: Vec<(String, Vec<String>)>,
}

/// The components of a path, either separator, without `.` and empty ones.
fn components(path: &str) -> Vec<&str> {
    path.split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != ".")
        .collect()
}

/// Find each site's locations among `files` (the checked files' paths, as shown).
/// `same_file(i, path)` says whether checked file `i` is the file at `path` (it breaks
/// ties between files with an equally long common suffix).
pub fn locate(
    sites: &[Site],
    files: &[String],
    same_file: &dyn Fn(usize, &str) -> bool,
) -> Located {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    let split: Vec<Vec<&str>> = files.iter().map(|f| components(f)).collect();
    for (i, c) in split.iter().enumerate() {
        if let Some(name) = c.last() {
            by_name.entry(name).or_default().push(i);
        }
    }
    let mut cache: HashMap<String, Option<usize>> = HashMap::new();
    let mut ambiguous = Vec::new();
    let mut file_of = |path: &str| -> Option<usize> {
        if let Some(hit) = cache.get(path) {
            return *hit;
        }
        let want = components(path);
        let hit = want
            .last()
            .and_then(|name| by_name.get(name))
            .and_then(|candidates| {
                let common = |i: usize| {
                    split[i]
                        .iter()
                        .rev()
                        .zip(want.iter().rev())
                        .take_while(|(a, b)| a == b)
                        .count()
                };
                let best = candidates.iter().map(|&i| common(i)).max()?;
                let top: Vec<usize> = candidates
                    .iter()
                    .copied()
                    .filter(|&i| common(i) == best)
                    .collect();
                if top.len() == 1 {
                    return Some(top[0]);
                }
                let same: Vec<usize> = top
                    .iter()
                    .copied()
                    .filter(|&i| same_file(i, path))
                    .collect();
                if same.len() == 1 {
                    return Some(same[0]);
                }
                ambiguous.push((
                    path.to_string(),
                    top.iter().map(|&i| files[i].clone()).collect(),
                ));
                None
            });
        cache.insert(path.to_string(), hit);
        hit
    };
    let places = sites
        .iter()
        .map(|s| {
            let own = (s.path.as_deref(), s.line);
            let frames = s.stack.iter().map(|f| (f.path.as_deref(), f.line));
            std::iter::once(own)
                .chain(frames)
                .filter_map(|(path, line)| Some((file_of(path?)?, line?)))
                .collect::<Vec<_>>()
        })
        .collect();
    ambiguous.sort();
    ambiguous.dedup();
    Located { places, ambiguous }
}

/// One trace site's figures.
pub fn of_site(site: &Site) -> Measured {
    Measured {
        calls: site.calls,
        bytes_min: site.bytes_min,
        bytes_max: site.bytes_max,
        bytes_total: site.bytes_total,
        peak_live_bytes: site.peak_live_bytes,
        unreleased_bytes: site.unreleased_bytes,
        seconds: site.seconds,
        sites: 1,
        entry: site.python_level().then(|| site.api.clone()),
        driver_calls: site.driver_calls,
        driver_bytes: site.driver_bytes,
    }
}

/// The join: each pinning finding's measured figures, and which sites joined one.
pub struct Join {
    /// Per finding (in the order given): the measured figures of the sites joined to it;
    /// `None` for a finding that is not about a pinning call.
    pub measured: Vec<Option<Measured>>,
    /// Per site: the findings it joined (empty: static analysis has nothing at its lines).
    pub joined: Vec<Vec<usize>>,
}

/// Join the pinning sites of a trace to the findings on pinning calls. `file_of(f)` is
/// the checked file (an index into the `files` given to [`locate`]) a finding is in;
/// `listed(f)`, whether it only lists the call (the inventory), so that a site joins a
/// finding of a rule further out first.
pub fn join(
    sites: &[Site],
    located: &Located,
    findings: &[Finding],
    file_of: &dyn Fn(&Finding) -> Option<usize>,
    listed: &dyn Fn(&Finding) -> bool,
) -> Join {
    // The findings on pinning calls, by file: (first line, last line, finding).
    let mut spans: HashMap<usize, Vec<(u32, u32, usize)>> = HashMap::new();
    let mut measured: Vec<Option<Measured>> = vec![None; findings.len()];
    for (i, f) in findings.iter().enumerate() {
        if f.api.is_empty() || kind_of(&f.api) != "pin" {
            continue;
        }
        let Some(file) = file_of(f) else { continue };
        let first = u32::try_from(f.start.line).unwrap_or(u32::MAX);
        let last = u32::try_from(f.end.line.max(f.start.line)).unwrap_or(u32::MAX);
        spans.entry(file).or_default().push((first, last, i));
        measured[i] = Some(Measured::default());
    }
    let mut joined = vec![Vec::new(); sites.len()];
    for (s, site) in sites.iter().enumerate() {
        if site.kind != "pin" {
            continue;
        }
        // The first of the site's locations that lies in a flagged call: a call a rule
        // reports (a wrapper's call in an outer frame, say), else one only listed.
        let first = |keep: &dyn Fn(usize) -> bool| {
            located.places[s].iter().find_map(|&(file, line)| {
                let hits: Vec<usize> = spans
                    .get(&file)?
                    .iter()
                    .filter(|(first, last, i)| (*first..=*last).contains(&line) && keep(*i))
                    .map(|&(_, _, i)| i)
                    .collect();
                (!hits.is_empty()).then_some(hits)
            })
        };
        let hits = first(&|i| !listed(&findings[i])).or_else(|| first(&|_| true));
        let figures = of_site(site);
        for i in hits.unwrap_or_default() {
            if let Some(m) = measured[i].as_mut() {
                m.add(&figures);
            }
            joined[s].push(i);
        }
    }
    Join { measured, joined }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracefile::Frame;

    fn site(path: &str, line: u32, stack: &[(&str, u32)]) -> Site {
        Site {
            api: "cudaHostAlloc".into(),
            kind: "pin".into(),
            path: Some(path.into()),
            line: Some(line),
            function: None,
            stack: stack
                .iter()
                .map(|(p, l)| Frame {
                    kind: "python".into(),
                    path: Some((*p).into()),
                    line: Some(*l),
                    function: None,
                    module: None,
                    offset: None,
                })
                .collect(),
            calls: 3,
            failures: 0,
            bytes_min: 10,
            bytes_max: 30,
            bytes_total: 60,
            peak_live_bytes: 30,
            unreleased_bytes: 0,
            seconds: 0.5,
            threads: 1,
            pids: vec![1],
            recorded_by: "interposer".into(),
            driver_calls: None,
            driver_bytes: None,
            driver_api: None,
            driver_from: None,
        }
    }

    /// The longest common suffix decides: an installed copy joins the tree's file, the
    /// file of the same name elsewhere does not; an even tie joins nothing and says so.
    #[test]
    fn a_site_joins_the_file_with_the_longest_common_suffix() {
        let files: Vec<String> = ["src/pkg/io.py", "tests/io.py", "a/util.py", "b/util.py"]
            .map(String::from)
            .to_vec();
        let sites = [
            site("/usr/lib/python3/site-packages/pkg/io.py", 4, &[]),
            site("/home/u/other/util.py", 2, &[]),
            site("/x/missing.py", 1, &[("/x/tests/io.py", 9)]),
        ];
        let located = locate(&sites, &files, &|_, _| false);
        assert_eq!(located.places[0], [(0, 4)]);
        assert!(located.places[1].is_empty());
        assert_eq!(located.places[2], [(1, 9)]);
        assert_eq!(
            located.ambiguous,
            [(
                "/home/u/other/util.py".to_string(),
                vec!["a/util.py".to_string(), "b/util.py".to_string()]
            )]
        );
        // The same-file test breaks the tie.
        let located = locate(&sites, &files, &|i, _| i == 3);
        assert_eq!(located.places[1], [(3, 2)]);
        assert!(located.ambiguous.is_empty());
    }
}
