//! The charts: known tax by top-level directory, by rule and by context, as sorted
//! horizontal bars in inline SVG with the figures written beside them. Sites of unknown
//! size are counted beside the bar, and a group with nothing known gets a dashed `?` box:
//! an unknown is never drawn as a zero-length bar.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::esc;
use crate::engine::Outcome;
use crate::finding::Finding;
use crate::rules;
use crate::tax::format_bytes;

/// What one bar stands for.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Group {
    /// Findings (by rule) or pinning sites (by directory and context).
    pub count: usize,
    /// The sum of the known taxes.
    pub known: u64,
    /// Sites whose size is unknown.
    pub unknown_size: usize,
    /// Sites of known size that repeat an unknown number of times.
    pub unknown_count: usize,
    /// Findings that are about no pinning call (an unused suppression): no tax at all.
    pub no_tax: usize,
}

impl Group {
    fn add(&mut self, tax: Option<u64>, size_known: bool, pinning: bool) {
        self.count += 1;
        match tax {
            _ if !pinning => self.no_tax += 1,
            Some(t) => self.known = self.known.saturating_add(t),
            None if size_known => self.unknown_count += 1,
            None => self.unknown_size += 1,
        }
    }
}

/// One flagged call, whichever rules flagged it: the highest tax any of them gives, and
/// whether any knows its size (the same merge as `report::totals`).
struct Site<'a> {
    path: &'a str,
    context: &'static str,
    tax: Option<u64>,
    per_event: Option<u64>,
    size_known: bool,
}

fn sites(outcome: &Outcome) -> Vec<Site<'_>> {
    let mut map: BTreeMap<(&str, usize, usize), Site> = BTreeMap::new();
    for f in outcome.findings.iter().filter(|f| !f.api.is_empty()) {
        let site = map
            .entry((f.path.as_str(), f.start.line, f.start.column))
            .or_insert(Site {
                path: &f.path,
                context: f.context,
                tax: None,
                per_event: None,
                size_known: false,
            });
        site.tax = site.tax.max(f.estimate.tax_bytes);
        site.per_event = site.per_event.max(f.estimate.tax_bytes_per_event);
        site.size_known |= f.estimate.size_bytes.is_some();
        if site.context.is_empty() {
            site.context = f.context;
        }
    }
    map.into_values().collect()
}

/// Sites of known size whose repeat count is unknown, and the tax of one run of each,
/// added up: what they cost at the least.
pub(super) struct Repeats {
    pub sites: usize,
    pub at_least: u64,
}

pub(super) fn unknown_repeats(outcome: &Outcome) -> Repeats {
    let mut r = Repeats {
        sites: 0,
        at_least: 0,
    };
    for s in sites(outcome) {
        if s.tax.is_none() && s.size_known {
            r.sites += 1;
            r.at_least = r.at_least.saturating_add(s.per_event.unwrap_or(0));
        }
    }
    r
}

/// The directory a path is charted under: the first component below the directory that all
/// the sites share (`fixtures/GT101/` when every site is under `fixtures/`), so a sweep of
/// one folder still splits into parts. A file directly in that directory stands for itself.
fn directory_key(path: &str, common: usize) -> String {
    let path = crate::platform::slashed(path);
    let parts: Vec<&str> = path.split('/').collect();
    let end = (common + 1).min(parts.len());
    let key = parts[..end].join("/");
    if end < parts.len() {
        format!("{key}/")
    } else {
        key
    }
}

/// How many leading directory components all `paths` share.
fn common_directories<'a>(paths: impl Iterator<Item = &'a str>) -> usize {
    let mut common: Option<Vec<String>> = None;
    for p in paths {
        let p = crate::platform::slashed(p);
        let parts: Vec<&str> = p.split('/').collect();
        let dirs = &parts[..parts.len().saturating_sub(1)];
        common = Some(match common {
            None => dirs.iter().map(|d| d.to_string()).collect(),
            Some(c) => c
                .into_iter()
                .zip(dirs)
                .take_while(|(a, b)| a == *b)
                .map(|(a, _)| a)
                .collect(),
        });
    }
    common.map_or(0, |c| c.len())
}

pub(super) fn by_directory(outcome: &Outcome) -> BTreeMap<String, Group> {
    let sites = sites(outcome);
    let common = common_directories(sites.iter().map(|s| s.path));
    let mut map: BTreeMap<String, Group> = BTreeMap::new();
    for s in &sites {
        map.entry(directory_key(s.path, common))
            .or_default()
            .add(s.tax, s.size_known, true);
    }
    map
}

pub(super) fn by_context(outcome: &Outcome) -> BTreeMap<String, Group> {
    let mut map: BTreeMap<String, Group> = BTreeMap::new();
    for s in sites(outcome) {
        let context = if s.context.is_empty() { "-" } else { s.context };
        map.entry(context.to_string())
            .or_default()
            .add(s.tax, s.size_known, true);
    }
    map
}

pub(super) fn by_rule(findings: &[Finding]) -> BTreeMap<String, Group> {
    let mut map: BTreeMap<String, Group> = BTreeMap::new();
    for f in findings {
        let name = rules::find(f.rule).map_or("", |r| r.name);
        map.entry(format!("{} {name}", f.rule)).or_default().add(
            f.estimate.tax_bytes,
            f.estimate.size_bytes.is_some(),
            !f.api.is_empty(),
        );
    }
    map
}

/// Largest known tax first, then the most unknowns, then by name; past `limit` rows the rest
/// are folded into one.
fn ranked(map: BTreeMap<String, Group>, limit: usize, others: &str) -> Vec<(String, Group)> {
    let mut rows: Vec<(String, Group)> = map.into_iter().collect();
    rows.sort_by(|a, b| {
        b.1.known
            .cmp(&a.1.known)
            .then(
                (b.1.unknown_size + b.1.unknown_count).cmp(&(a.1.unknown_size + a.1.unknown_count)),
            )
            .then(b.1.count.cmp(&a.1.count))
            .then(a.0.cmp(&b.0))
    });
    if rows.len() > limit {
        let rest = rows.split_off(limit - 1);
        let mut folded = Group::default();
        for (_, g) in &rest {
            folded.count += g.count;
            folded.known = folded.known.saturating_add(g.known);
            folded.unknown_size += g.unknown_size;
            folded.unknown_count += g.unknown_count;
            folded.no_tax += g.no_tax;
        }
        rows.push((format!("{} {others}", rest.len()), folded));
    }
    rows
}

const WIDTH: u32 = 960;
const LABEL_END: u32 = 262;
const BAR_X: u32 = 272;
const BAR_MAX: f64 = 260.0;
const ROW: u32 = 26;
/// A generous average advance of a 13px sans-serif character, to size the chart's width.
const CHAR_WIDTH: f64 = 7.2;
/// Characters of a label shown before it is cut (the full text is in the bar's tooltip).
const LABEL_CHARS: usize = 36;

fn cut(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        return label.to_string();
    }
    if label.contains('/') {
        // Keep the end of a path (the distinctive part) rather than its start.
        let mut tail: Vec<char> = label.chars().rev().take(LABEL_CHARS - 1).collect();
        tail.reverse();
        format!("…{}", tail.into_iter().collect::<String>())
    } else {
        let head: String = label.chars().take(LABEL_CHARS - 1).collect();
        format!("{head}…")
    }
}

/// One chart: a `<figure>` with a caption and the SVG bars.
fn bars(out: &mut String, id: &str, caption: &str, unit: (&str, &str), rows: &[(String, Group)]) {
    let _ = writeln!(
        out,
        "<figure class=\"chart\" id=\"chart-{id}\">\n<figcaption id=\"chart-{id}-caption\">{caption}</figcaption>"
    );
    if rows.is_empty() {
        out.push_str("<p class=\"none\">Nothing to chart.</p>\n</figure>\n");
        return;
    }
    let max = rows.iter().map(|r| r.1.known).max().unwrap_or(0);
    let height = ROW * rows.len() as u32 + 8;
    // The rows first: the chart is made as wide as its longest text (the page scales it).
    let mut svg = String::new();
    let mut width = WIDTH as f64;
    for (i, (label, g)) in rows.iter().enumerate() {
        let y = 4 + ROW * i as u32;
        let text_y = y + 17;
        let count = crate::report::summary::plural(g.count, unit.0, unit.1);
        let mut unknowns = Vec::new();
        if g.unknown_size > 0 {
            unknowns.push(format!("{} of unknown size", g.unknown_size));
        }
        if g.unknown_count > 0 {
            unknowns.push(format!("{} of unknown count", g.unknown_count));
        }
        if g.no_tax > 0 {
            unknowns.push(format!("{} with no tax", g.no_tax));
        }
        let known_text = if g.known > 0 || g.unknown_size + g.unknown_count + g.no_tax == 0 {
            format!("≈ {} known", format_bytes(g.known))
        } else {
            "nothing known".to_string()
        };
        let title = if unknowns.is_empty() {
            format!("{label}: {known_text}, {count}")
        } else {
            format!("{label}: {known_text}, {count}; {}", unknowns.join(", "))
        };
        let out = &mut svg;
        let _ = write!(
            out,
            "<g class=\"row\" data-label=\"{}\"><title>{}</title>\
             <text class=\"label\" x=\"{LABEL_END}\" y=\"{text_y}\" text-anchor=\"end\">{}</text>",
            esc(label),
            esc(&title),
            esc(&cut(label))
        );
        let (bar_end, value) = if g.known > 0 {
            // Visible however small: a known tax is never drawn as nothing.
            let w = (g.known as f64 / max.max(1) as f64 * BAR_MAX).max(2.0);
            let _ = write!(
                out,
                "<rect class=\"bar\" x=\"{BAR_X}\" y=\"{}\" width=\"{w:.1}\" height=\"{}\" rx=\"2\"/>",
                y + 4,
                ROW - 8
            );
            (BAR_X as f64 + w, format!("≈ {}", format_bytes(g.known)))
        } else if g.unknown_size + g.unknown_count > 0 {
            let _ = write!(
                out,
                "<rect class=\"bar-unknown\" x=\"{BAR_X}\" y=\"{}\" width=\"24\" height=\"{}\" rx=\"2\"/>\
                 <text class=\"q\" x=\"{}\" y=\"{text_y}\" text-anchor=\"middle\">?</text>",
                y + 4,
                ROW - 8,
                BAR_X + 12
            );
            (BAR_X as f64 + 24.0, "unknown".to_string())
        } else if g.no_tax > 0 {
            (BAR_X as f64, "no tax".to_string())
        } else {
            (BAR_X as f64, format!("≈ {}", format_bytes(0)))
        };
        let detail = if unknowns.is_empty() {
            count
        } else {
            format!("{count}, {}", unknowns.join(", "))
        };
        let _ = writeln!(
            out,
            "<text class=\"value\" x=\"{:.1}\" y=\"{text_y}\"><tspan class=\"figure\">{}</tspan>\
             <tspan class=\"detail\"> · {}</tspan></text></g>",
            bar_end + 6.0,
            esc(&value),
            esc(&detail)
        );
        let chars = value.chars().count() + detail.chars().count() + 3;
        width = width.max(bar_end + 6.0 + chars as f64 * CHAR_WIDTH + 8.0);
    }
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height}\" \
         viewBox=\"0 0 {width:.0} {height}\" \
         role=\"img\" aria-labelledby=\"chart-{id}-caption\" preserveAspectRatio=\"xMinYMin meet\">"
    );
    out.push_str(&svg);
    out.push_str("</svg>\n</figure>\n");
}

/// The three charts.
pub(super) fn section(out: &mut String, outcome: &Outcome) {
    if outcome.findings.is_empty() {
        return;
    }
    out.push_str("<section id=\"charts\">\n<h2>Where the VRAM goes</h2>\n");
    bars(
        out,
        "directory",
        "Known VRAM tax by top-level directory (each pinning site counted once)",
        ("site", "sites"),
        &ranked(by_directory(outcome), 15, "other paths"),
    );
    bars(
        out,
        "rule",
        "Known VRAM tax by rule (a site two rules flag counts under both)",
        ("finding", "findings"),
        &ranked(by_rule(&outcome.findings), 20, "other rules"),
    );
    bars(
        out,
        "context",
        "Known VRAM tax by context: how often the site runs (each site counted once)",
        ("site", "sites"),
        &ranked(by_context(outcome), 12, "other contexts"),
    );
    out.push_str("</section>\n");
}

/// The share of the card at stake, as a bar 0–100 %.
pub(super) fn meter(tax: u64, vram: u64) -> String {
    let width = 200.0;
    let share = (tax as f64 / vram.max(1) as f64).min(1.0);
    let w = if tax > 0 {
        (share * width).max(1.0)
    } else {
        0.0
    };
    format!(
        "<svg class=\"meter\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} 12\" \
         role=\"img\" aria-label=\"{} of the card\"><rect class=\"meter-bg\" x=\"0\" y=\"0\" \
         width=\"{width}\" height=\"12\" rx=\"3\"/><rect class=\"bar\" x=\"0\" y=\"0\" \
         width=\"{w:.1}\" height=\"12\" rx=\"3\"/></svg>",
        crate::tax::format_share(tax, vram)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_split_below_the_shared_folder() {
        let paths = [
            "fixtures/GT101/a.py",
            "fixtures/GT303/b/c.cpp",
            "fixtures/x.py",
        ];
        let common = common_directories(paths.iter().copied());
        assert_eq!(common, 1);
        assert_eq!(directory_key(paths[0], common), "fixtures/GT101/");
        assert_eq!(directory_key(paths[1], common), "fixtures/GT303/");
        assert_eq!(directory_key(paths[2], common), "fixtures/x.py");
        assert_eq!(common_directories(["a.py", "src/b.py"].into_iter()), 0);
        assert_eq!(directory_key("./src/b.py", 0), "src/");
        assert_eq!(directory_key("a.py", 0), "a.py");
    }

    #[test]
    fn unknown_groups_are_never_zero_bars() {
        let mut g = Group::default();
        g.add(None, false, true);
        let mut out = String::new();
        bars(
            &mut out,
            "t",
            "t",
            ("site", "sites"),
            &[("x/".to_string(), g)],
        );
        assert!(out.contains("class=\"bar-unknown\""), "{out}");
        assert!(!out.contains("class=\"bar\""), "{out}");
        assert!(out.contains(">unknown</tspan>"), "{out}");
        assert!(!out.contains("0 B"), "{out}");
    }

    #[test]
    fn long_rows_fold_into_one() {
        let mut map = BTreeMap::new();
        for i in 0..5u64 {
            let mut g = Group::default();
            g.add(Some(i + 1), true, true);
            map.insert(format!("d{i}/"), g);
        }
        let rows = ranked(map, 3, "other paths");
        let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(names, ["d4/", "d3/", "3 other paths"]);
        assert_eq!(rows[2].1.known, 6);
        assert_eq!(rows[2].1.count, 3);
    }
}
