//! The code a row expands to: the flagged lines with a little context, the loop header that
//! repeats them, and each related location (the call chain), annotated with its message.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::{esc, esc_code};
use crate::engine::Outcome;
use crate::finding::Finding;

/// Lines around the flagged call.
const CONTEXT: usize = 2;
/// At most this many flagged lines (a call spanning a page is cut).
const MAX_HIT_LINES: usize = 8;
/// Characters of one line shown; the rest is cut (minified code has megabyte lines).
const MAX_LINE_CHARS: usize = 240;
/// Lines closer than this are shown with the lines between them.
const JOIN_GAP: usize = 3;

/// The start of each line of every kept source, computed once per page.
pub(super) struct Sources<'a> {
    texts: &'a HashMap<String, String>,
    starts: HashMap<&'a str, Vec<usize>>,
}

impl<'a> Sources<'a> {
    pub fn new(outcome: &'a Outcome) -> Sources<'a> {
        let starts = outcome
            .sources
            .iter()
            .map(|(path, text)| (path.as_str(), line_starts(text)))
            .collect();
        Sources {
            texts: &outcome.sources,
            starts,
        }
    }

    /// Line `n` (1-based) of `path` without its line ending, or `None` past the end.
    fn line(&self, path: &str, n: usize) -> Option<&'a str> {
        let text = self.texts.get(path)?;
        let starts = self.starts.get(path)?;
        let start = *starts.get(n.checked_sub(1)?)?;
        let end = starts.get(n).copied().unwrap_or(text.len());
        let line = text.get(start..end)?.trim_end_matches(['\n', '\r']);
        // A byte-order mark is not a column (as in `source::LineIndex`).
        Some(if n == 1 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        })
    }

    fn lines(&self, path: &str) -> usize {
        self.starts.get(path).map_or(0, |s| s.len())
    }
}

/// `\n`, `\r\n` and a lone `\r` each end a line, as `source::LineIndex` counts them, so line
/// numbers agree with the findings'.
fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' => starts.push(i + 1),
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
            _ => {}
        }
    }
    // A final line ending does not start a line.
    if starts.len() > 1 && starts.last() == Some(&text.len()) {
        starts.pop();
    }
    starts
}

/// How a shown line is marked.
#[derive(Default)]
struct Mark {
    hit: bool,
    is_loop: bool,
    notes: Vec<String>,
}

/// One file's lines to show, with their marks.
#[derive(Default)]
struct Block {
    lines: BTreeMap<usize, Mark>,
    /// (first, last) line ranges to show around the marked lines.
    ranges: Vec<(usize, usize)>,
}

pub(super) fn render(out: &mut String, sources: &Sources, f: &Finding) {
    // The finding's own file first, then other files in the order the chain reaches them.
    let mut order: Vec<&str> = vec![f.path.as_str()];
    let mut blocks: HashMap<&str, Block> = HashMap::new();
    let own = blocks.entry(f.path.as_str()).or_default();
    let last_hit = f
        .end
        .line
        .max(f.start.line)
        .min(f.start.line + MAX_HIT_LINES - 1);
    for n in f.start.line..=last_hit {
        own.lines.entry(n).or_default().hit = true;
    }
    own.ranges.push((
        f.start.line.saturating_sub(CONTEXT).max(1),
        last_hit + CONTEXT,
    ));
    if let Some(l) = f.loop_line {
        own.lines.entry(l).or_default().is_loop = true;
        own.ranges.push((l, l));
    }
    for label in &f.labels {
        let path = if label.path.is_empty() {
            f.path.as_str()
        } else {
            label.path.as_str()
        };
        if !order.contains(&path) {
            order.push(path);
        }
        let block = blocks.entry(path).or_default();
        let mark = block.lines.entry(label.start.line).or_default();
        mark.is_loop |= label.is_loop;
        mark.notes.push(label.message.clone());
        block.ranges.push((label.start.line, label.start.line));
    }

    // The related locations are annotated in the code below; list those whose file's text
    // was not kept, so the chain is complete either way.
    let unseen: Vec<&crate::finding::Label> = f
        .labels
        .iter()
        .filter(|l| {
            let path = if l.path.is_empty() { &f.path } else { &l.path };
            sources.line(path, l.start.line).is_none()
        })
        .collect();
    if !unseen.is_empty() {
        out.push_str("<ol class=\"chain\">");
        for label in unseen {
            let path = if label.path.is_empty() {
                &f.path
            } else {
                &label.path
            };
            let _ = write!(
                out,
                "<li><code>{}:{}</code> {}</li>",
                esc(path),
                label.start.line,
                esc(&label.message)
            );
        }
        out.push_str("</ol>");
    }

    for path in order {
        let Some(block) = blocks.get(path) else {
            continue;
        };
        let total = sources.lines(path);
        if total == 0 {
            continue;
        }
        let _ = write!(
            out,
            "<div class=\"code\"><div class=\"file\">{}</div><pre>",
            esc(path)
        );
        let mut first = true;
        for (from, to) in merged(&block.ranges, total) {
            if !first {
                out.push_str("<span class=\"l gap\">⋮\n</span>");
            }
            first = false;
            for n in from..=to {
                let Some(text) = sources.line(path, n) else {
                    break;
                };
                let mark = block.lines.get(&n);
                line(out, n, text, mark, (path == f.path).then_some(f));
            }
        }
        out.push_str("</pre></div>");
    }
}

/// Sorted, overlapping or near ranges joined, clipped to the file.
fn merged(ranges: &[(usize, usize)], total: usize) -> Vec<(usize, usize)> {
    let mut sorted: Vec<(usize, usize)> = ranges
        .iter()
        .map(|&(a, b)| (a.max(1), b.min(total)))
        .filter(|(a, b)| a <= b)
        .collect();
    sorted.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (a, b) in sorted {
        match out.last_mut() {
            Some(last) if a <= last.1 + JOIN_GAP => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// One shown line: its number, its text (the flagged columns marked on flagged lines of the
/// finding's own file) and the notes of the related locations on it.
fn line(out: &mut String, n: usize, text: &str, mark: Option<&Mark>, f: Option<&Finding>) {
    let mut class = String::from("l");
    if let Some(m) = mark {
        if m.hit {
            class.push_str(" hit");
        }
        if m.is_loop {
            class.push_str(" loop");
        }
    }
    let _ = write!(out, "<span class=\"{class}\"><span class=\"ln\">{n}</span>");
    let chars: Vec<char> = text.chars().take(MAX_LINE_CHARS + 1).collect();
    let shown = chars.len().min(MAX_LINE_CHARS);
    let cut = chars.len() > MAX_LINE_CHARS;
    // Columns are 1-based characters; the flagged span is [start, end) on its lines.
    let span = match (mark, f) {
        (Some(m), Some(f)) if m.hit => {
            let from = if n == f.start.line {
                f.start.column.saturating_sub(1)
            } else {
                0
            };
            let to = if n == f.end.line {
                f.end.column.saturating_sub(1)
            } else {
                usize::MAX
            };
            Some((from.min(shown), to.min(shown)))
        }
        _ => None,
    };
    let piece =
        |a: usize, b: usize| -> String { esc_code(&chars[a.min(b)..b].iter().collect::<String>()) };
    match span {
        Some((a, b)) if a < b => {
            out.push_str(&piece(0, a));
            let _ = write!(out, "<mark>{}</mark>", piece(a, b));
            out.push_str(&piece(b, shown));
        }
        _ => out.push_str(&piece(0, shown)),
    }
    if cut {
        out.push_str("<span class=\"cut\">…</span>");
    }
    for note in mark.map(|m| m.notes.as_slice()).unwrap_or_default() {
        let _ = write!(out, "<span class=\"note\">{}</span>", esc(note));
    }
    out.push_str("\n</span>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_agree_with_the_line_index() {
        assert_eq!(line_starts("a\r\nb\rc\nd"), vec![0, 3, 5, 7]);
        assert_eq!(line_starts("a\n"), vec![0]);
        assert_eq!(line_starts(""), vec![0]);
    }

    #[test]
    fn near_ranges_join_and_far_ones_stay_apart() {
        assert_eq!(
            merged(&[(10, 12), (3, 3), (14, 15), (40, 41)], 40),
            vec![(3, 3), (10, 15), (40, 40)]
        );
    }
}
