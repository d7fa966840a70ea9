//! Byte offsets to 1-based lines and character columns.

/// Line starts of a text. `\n`, `\r\n` and a lone `\r` all end a line, so positions agree
/// with what editors show for any line-ending style.
pub struct LineIndex {
    starts: Vec<usize>,
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Position {
    pub line: usize,
    /// 1-based, counted in characters (a tab is one).
    pub column: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let prefix = text.get(start..offset).unwrap_or("");
        // A byte-order mark is not a column.
        let bom = usize::from(line == 1 && prefix.starts_with('\u{feff}'));
        Position {
            line,
            column: prefix.chars().count() - bom + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_character_columns() {
        let text = "ab\r\n\tü x\rz\ny";
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(text, 0), Position { line: 1, column: 1 });
        let x = text.find('x').unwrap_or(0);
        assert_eq!(idx.position(text, x), Position { line: 2, column: 4 });
        let z = text.find('z').unwrap_or(0);
        assert_eq!(idx.position(text, z), Position { line: 3, column: 1 });
        let y = text.find('y').unwrap_or(0);
        assert_eq!(idx.position(text, y), Position { line: 4, column: 1 });
        let bom = "\u{feff}abc";
        assert_eq!(LineIndex::new(bom).position(bom, 4).column, 2);
    }
}
