//! Large files are parsed a top-level chunk at a time (tree-sitter's included ranges keep
//! byte offsets absolute), so memory follows the chunk, not the file. Boundaries are lines
//! at the outermost level: brace depth 0 in C-family code (outside strings and comments),
//! an unindented line outside brackets and triple-quoted strings in Python.

use tree_sitter::{Point, Range};

use crate::model::Language;

/// Files larger than this are parsed in chunks of about this size.
pub const CHUNK_BYTES: usize = 1 << 20;

/// The chunks of `text`; empty when the file is small enough to parse whole.
pub fn ranges(text: &str, lang: Language) -> Vec<Range> {
    if text.len() <= 2 * CHUNK_BYTES {
        return Vec::new();
    }
    let boundaries = match lang {
        Language::Python => python_boundaries(text),
        _ => c_boundaries(text),
    };
    let mut out = Vec::new();
    let (mut start, mut start_row) = (0usize, 0usize);
    let mut row = 0usize;
    let mut next = boundaries.into_iter().peekable();
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            row += 1;
            // A boundary is the start of the line after `i`.
            while next.peek().is_some_and(|&at| at < i + 1) {
                next.next();
            }
            if next.peek() == Some(&(i + 1)) && i + 1 - start >= CHUNK_BYTES {
                out.push(range(start, i + 1, start_row, row));
                start = i + 1;
                start_row = row;
            }
        }
    }
    if start < text.len() {
        let end_row = row;
        let last_col = text.len() - text[..].rfind('\n').map_or(0, |p| p + 1);
        out.push(Range {
            start_byte: start,
            end_byte: text.len(),
            start_point: Point::new(start_row, 0),
            end_point: Point::new(end_row, last_col),
        });
    }
    out
}

fn range(start: usize, end: usize, start_row: usize, end_row: usize) -> Range {
    Range {
        start_byte: start,
        end_byte: end,
        start_point: Point::new(start_row, 0),
        end_point: Point::new(end_row, 0),
    }
}

/// Line starts at brace depth 0, outside strings, characters and comments.
fn c_boundaries(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut i) = (0i64, 0usize);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => depth += 1,
            b'}' => depth = (depth - 1).max(0),
            b'\n' if depth == 0 => out.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    out
}

/// Unindented line starts outside brackets and triple-quoted strings (not `)`/`]`/`}`,
/// comments, decorators' continuations, `else`/`elif`/`except`/`finally` clauses).
fn python_boundaries(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut i) = (0i64, 0usize);
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            q @ (b'"' | b'\'') => {
                if b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q) {
                    i += 3;
                    while i + 2 < b.len() && !(b[i] == q && b[i + 1] == q && b[i + 2] == q) {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 3;
                    continue;
                }
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = (depth - 1).max(0),
            b'\n' if depth == 0 => {
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                let rest = &text[(i + 1).min(text.len())..];
                let clause = ["else", "elif", "except", "finally"]
                    .iter()
                    .any(|k| rest.starts_with(k));
                if !matches!(
                    next,
                    b' ' | b'\t' | b'\n' | b'\r' | b'#' | b')' | b']' | b'}'
                ) && !clause
                {
                    out.push(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_are_whole_and_big_ones_split_at_top_level() {
        assert!(ranges("int x;\n", Language::Cpp).is_empty());
        let unit = "void f() {\n  for (;;) { g(\"}\"); }\n}\n";
        let text = unit.repeat((3 * CHUNK_BYTES) / unit.len());
        let r = ranges(&text, Language::Cpp);
        assert!(r.len() >= 2);
        assert_eq!(r[0].start_byte, 0);
        assert_eq!(r.last().map(|l| l.end_byte), Some(text.len()));
        for w in r.windows(2) {
            assert_eq!(w[0].end_byte, w[1].start_byte);
            assert!(
                text[..w[0].end_byte].ends_with("}\n"),
                "split after a function"
            );
        }
        let py = "def f(a,\n      b):\n    return a\n\n".repeat((3 * CHUNK_BYTES) / 40);
        let r = ranges(&py, Language::Python);
        assert!(r.len() >= 2);
        for w in r.windows(2) {
            assert!(py[w[1].start_byte..].starts_with("def f("));
        }
    }
}
