//! Lazy parsing. A lexical scan (no parser) splits a file into top-level items; only the
//! items that can matter are parsed: those that mention an API, the file's declarations
//! (imports, constants, macros: sizes and aliases come from them), and, round by round,
//! the items that mention a function already known to pin or release. Items never parsed
//! stay pending: a later call-chain pass parses them only if they mention a function that
//! pins elsewhere. No byte of an item is parsed twice.
//!
//! Item boundaries are line starts at the outermost level: brace depth 0 in C-family code
//! (outside strings, comments and preprocessor lines; `namespace x {` and `extern "C" {`
//! are transparent, so their members are items), an unindented line outside brackets and
//! triple-quoted strings in Python, bracket depth 0 in Rust (`impl`, `trait`, `mod` and
//! `extern` blocks are transparent). An item whose end the scan cannot find (unbalanced
//! braces across `#if` branches) runs to the end of the file: more is parsed, never less.

use tree_sitter::{Point, Range};

use crate::model::Language;

/// What an item is, for deciding when to parse it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Python imports: parsed with every group of items, so names resolve as in the
    /// file. They add no facts of their own.
    Structural,
    /// `namespace x {`, `extern "C" {`, a large Python class's header: parsed with any
    /// of their members (and with their `Close`).
    Open,
    /// The `}` of an `Open`.
    Close,
    /// Declarations, constants, macros, small types, module-level statements: parsed
    /// the first time any part of the file is.
    Context,
    /// Function and class definitions: parsed only when they matter.
    Body,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub start: usize,
    pub end: usize,
    pub start_row: usize,
    pub kind: Kind,
    /// Open containers at the item's start: a parse may only be cut where this is 0.
    pub depth: u32,
    /// The `Open` item of the innermost container around this one.
    pub parent: Option<usize>,
    /// For an `Open` item: its `Close`, if it has one.
    pub close: Option<usize>,
}

/// A type up to this size that declares constants counts as context (they fold sizes).
const SMALL_TYPE: usize = 4 << 10;

/// A Python class larger than this is a container: its methods are items.
const SPLIT_CLASS: usize = 2 << 10;

/// The items of one file and which of them have been parsed.
#[derive(Clone, Debug)]
pub struct Plan {
    pub items: Vec<Item>,
    pub parsed: Vec<bool>,
    end_point: Point,
}

impl Plan {
    pub fn new(text: &str, lang: Language) -> Plan {
        let mut items = match lang {
            Language::Python => python_items(text),
            Language::Rust => rust_items(text),
            _ => c_items(text),
        };
        link_containers(&mut items);
        assign_rows(text, &mut items);
        let rows = memchr::memchr_iter(b'\n', text.as_bytes()).count();
        let last_col = text.len() - text.rfind('\n').map_or(0, |p| p + 1);
        Plan {
            parsed: vec![false; items.len()],
            items,
            end_point: Point::new(rows, last_col),
        }
    }

    /// Items not parsed yet, other than imports (always parsed with the rest).
    pub fn pending(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.items.len()).filter(|&i| !self.parsed[i] && self.items[i].kind != Kind::Structural)
    }

    /// The pending `def __init__` items of the Python class headers `headers`.
    pub fn constructors_of(&self, text: &str, headers: &[usize]) -> Vec<usize> {
        if headers.is_empty() {
            return Vec::new();
        }
        self.pending()
            .filter(|&i| {
                let it = self.items[i];
                it.parent.is_some_and(|p| headers.contains(&p))
                    && text.get(it.start..it.end).is_some_and(|t| {
                        t.lines()
                            .map(str::trim_start)
                            .find(|l| !l.is_empty() && !l.starts_with(['@', '#']))
                            .is_some_and(|l| l.starts_with("def __init__("))
                    })
            })
            .collect()
    }

    pub fn has_pending(&self) -> bool {
        self.pending().next().is_some()
    }

    /// What parsing `chosen` takes: those items, the containers around them (opening and
    /// closing lines) and every import; sorted.
    pub fn take(&self, chosen: &[usize]) -> Vec<usize> {
        let mut taken = vec![false; self.items.len()];
        for &i in chosen {
            taken[i] = true;
            taken_close(&mut taken, self.items[i].close);
            // Containers shared by many items are walked up once (nesting can be deep).
            let mut up = self.items[i].parent;
            while let Some(o) = up {
                if taken[o] {
                    break;
                }
                taken[o] = true;
                taken_close(&mut taken, self.items[o].close);
                up = self.items[o].parent;
            }
        }
        (0..self.items.len())
            .filter(|&i| taken[i] || self.items[i].kind == Kind::Structural)
            .collect()
    }

    /// Tree-sitter ranges for parsing `take` (from `take`), grouped so no group is much
    /// larger than `limit` bytes (a group is cut only between items outside any container).
    pub fn groups(&self, take: &[usize], limit: usize) -> Vec<Vec<Range>> {
        let mut groups: Vec<Vec<Range>> = Vec::new();
        let mut current: Vec<Range> = Vec::new();
        let mut size = 0usize;
        for &i in take {
            let item = self.items[i];
            if size >= limit && item.depth == 0 && !current.is_empty() {
                groups.push(std::mem::take(&mut current));
                size = 0;
            }
            size += item.end - item.start;
            let end_point = self
                .items
                .get(i + 1)
                .map_or(self.end_point, |n| Point::new(n.start_row, 0));
            match current.last_mut() {
                // Adjacent items make one range.
                Some(last) if last.end_byte == item.start => {
                    last.end_byte = item.end;
                    last.end_point = end_point;
                }
                _ => current.push(Range {
                    start_byte: item.start,
                    end_byte: item.end,
                    start_point: Point::new(item.start_row, 0),
                    end_point,
                }),
            }
        }
        if !current.is_empty() {
            groups.push(current);
        }
        groups
    }
}

fn taken_close(taken: &mut [bool], close: Option<usize>) {
    if let Some(c) = close {
        taken[c] = true;
    }
}

/// Set each item's container (`parent`) and each opener's `close`, from the order of
/// `Open` and `Close` items and their depths.
fn link_containers(items: &mut [Item]) {
    let mut open: Vec<usize> = Vec::new();
    for i in 0..items.len() {
        // A Python class has no closing line: its members are the deeper items after it.
        while let Some(&o) = open.last() {
            if items[i].depth <= items[o].depth && items[i].kind != Kind::Close {
                open.pop();
            } else {
                break;
            }
        }
        match items[i].kind {
            Kind::Close => {
                let opener = open.pop();
                if let Some(o) = opener {
                    items[o].close = Some(i);
                }
                items[i].parent = opener.and_then(|o| items[o].parent);
            }
            kind => {
                items[i].parent = open.last().copied();
                if kind == Kind::Open {
                    open.push(i);
                }
            }
        }
    }
}

/// Item boundaries and kinds for C, C++ and CUDA.
fn c_items(text: &str) -> Vec<Item> {
    let b = text.as_bytes();
    let mut items = Vec::new();
    let mut scan = ItemScan::default();
    // Brace depth inside the current item; open transparent containers.
    let (mut depth, mut containers) = (0usize, 0u32);
    // The last significant byte of the item, and where its first `{` is.
    let mut last: u8 = 0;
    let mut first_brace: Option<usize> = None;
    let mut kind_hint = Kind::Context;
    let mut i = 0usize;
    let mut at_line_start = true;
    while i < b.len() {
        let c = b[i];
        if at_line_start && c != b'\n' && c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let line_start = at_line_start;
        at_line_start = false;
        match c {
            b'\n' => {
                at_line_start = true;
                i += 1;
                if depth == 0 && matches!(last, b';' | b'}' | b'{' | b'#') {
                    let kind = classify_c(text, scan.start, i, first_brace, kind_hint);
                    scan.push(&mut items, i, kind, containers);
                    last = 0;
                    first_brace = None;
                    kind_hint = Kind::Context;
                }
                continue;
            }
            b'#' if line_start => {
                // A preprocessor line (with continuations) never changes the depth. At
                // the top, alone, it is an item of its own.
                while i < b.len() && b[i] != b'\n' {
                    if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    i += 1;
                }
                if depth == 0 && last == 0 {
                    last = b'#';
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'"' => {
                i = skip_c_string(b, i);
                last = b'"';
                continue;
            }
            b'\'' => {
                i += 1;
                while i < b.len() && b[i] != b'\'' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                last = b'\'';
                if b.get(i) != Some(&b'\'') {
                    continue;
                }
            }
            b'{' => {
                if depth == 0 && last != b'#' && is_container(text, scan.start, i) {
                    // `namespace x {` alone on its line: its members are items.
                    containers += 1;
                    kind_hint = Kind::Open;
                    last = b'{';
                    i += 1;
                    continue;
                }
                first_brace.get_or_insert(i);
                depth += 1;
            }
            b'}' => {
                if depth == 0 {
                    if containers > 0 && last == 0 {
                        containers -= 1;
                        kind_hint = Kind::Close;
                    }
                } else {
                    depth -= 1;
                }
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
        i += 1;
    }
    if scan.start < b.len() {
        let kind = classify_c(text, scan.start, b.len(), first_brace, kind_hint);
        scan.push(&mut items, b.len(), kind, containers);
    }
    items
}

/// Where a C string literal starting at `i` ends (raw strings included).
fn skip_c_string(b: &[u8], mut i: usize) -> usize {
    let raw = i > 0 && b[i - 1] == b'R';
    i += 1;
    if raw {
        // R"delim( ... )delim"
        let open = i;
        while i < b.len() && b[i] != b'(' && b[i] != b'\n' && i - open <= 16 {
            i += 1;
        }
        let delim = &b[open..i.min(b.len())];
        while i < b.len() {
            if b[i] == b')'
                && b[i + 1..].starts_with(delim)
                && b.get(i + 1 + delim.len()) == Some(&b'"')
            {
                return i + 2 + delim.len();
            }
            i += 1;
        }
        return i;
    }
    while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    // An unterminated literal ends at its line's end; the newline is not consumed.
    if b.get(i) == Some(&b'"') {
        i + 1
    } else {
        i.min(b.len())
    }
}

/// Is the item `text[start..brace]` + `{` a namespace or `extern "C"` block opened alone on
/// its line?
fn is_container(text: &str, start: usize, brace: usize) -> bool {
    let rest_of_line = text[brace + 1..].split('\n').next().unwrap_or("");
    let rest = rest_of_line.trim();
    if !(rest.is_empty() || rest.starts_with("//")) {
        return false;
    }
    // Comments before the keyword belong to the item too.
    let mut head = String::new();
    let mut rest = &text[start..brace];
    while !rest.is_empty() {
        let cut = rest.find("//").into_iter().chain(rest.find("/*")).min();
        let Some(at) = cut else {
            head.push_str(rest);
            break;
        };
        head.push_str(&rest[..at]);
        head.push(' ');
        let close = if rest[at..].starts_with("//") {
            "\n"
        } else {
            "*/"
        };
        rest = rest[at + 2..]
            .find(close)
            .map_or("", |e| &rest[at + 2 + e + close.len()..]);
    }
    let head: Vec<&str> = head.split_whitespace().collect();
    match head.as_slice() {
        ["extern", lit] => *lit == "\"C\"" || *lit == "\"C++\"",
        ["namespace"] | ["inline", "namespace"] => true,
        ["namespace", name] | ["inline", "namespace", name] => name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b':'),
        _ => false,
    }
}

fn classify_c(text: &str, start: usize, end: usize, brace: Option<usize>, hint: Kind) -> Kind {
    if matches!(hint, Kind::Open | Kind::Close) {
        return hint;
    }
    let Some(brace) = brace else {
        return Kind::Context;
    };
    // A function (or lambda, or `TEST(..) {`) has a parenthesis before its body. Other
    // braces (types, initialisers) matter unasked only for the constants they declare.
    let item = &text[start..end];
    if !text[start..brace].contains('(') && item.len() <= SMALL_TYPE && declares_constant(item) {
        Kind::Context
    } else {
        Kind::Body
    }
}

/// Does C-family code declare a `constexpr` or `const .. = ..` value (a class member
/// constant the size folder can use)?
fn declares_constant(code: &str) -> bool {
    code.lines().any(|line| {
        let mut words = line.split(|c: char| !is_ident(c));
        let before_eq = line.split('=').next().unwrap_or("");
        words.any(|w| w == "constexpr")
            || (line.contains('=')
                && !before_eq.contains('(')
                && before_eq
                    .split(|c: char| !is_ident(c))
                    .any(|w| w == "const"))
    })
}

/// Item boundaries and kinds for Rust: top-level items as in C (a line ending in `;` or `}`
/// outside brackets ends one), with Rust's literals (strings spanning lines, raw strings,
/// char literals told from lifetimes, nested block comments). Attributes and doc comments
/// stay with the item after them. `impl .. {`, `trait .. {`, `mod x {` and `extern ".." {`
/// opened alone on their line are containers: their members are items.
fn rust_items(text: &str) -> Vec<Item> {
    let b = text.as_bytes();
    let mut items = Vec::new();
    let mut scan = ItemScan::default();
    // Brackets open inside the current item; open containers.
    let (mut depth, mut containers) = (0usize, 0u32);
    let mut last: u8 = 0;
    let mut first_brace: Option<usize> = None;
    let mut kind_hint = Kind::Context;
    let mut i = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                i += 1;
                if depth == 0 && matches!(last, b';' | b'}' | b'{') {
                    let kind = classify_rust(text, scan.start, i, first_brace, kind_hint);
                    scan.push(&mut items, i, kind, containers);
                    last = 0;
                    first_brace = None;
                    kind_hint = Kind::Context;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // Block comments nest.
                let mut open = 0usize;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        open += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        open -= 1;
                        i += 2;
                        if open == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                i = skip_rust_string(b, i + 1);
                last = b'"';
                continue;
            }
            b'r' | b'b' | b'c' if i == 0 || !is_ident_byte(b[i - 1]) => {
                if let Some(end) = rust_prefixed_literal(b, i) {
                    i = end;
                    last = b'"';
                    continue;
                }
                // An identifier: its letters cannot open anything.
                while i < b.len() && is_ident_byte(b[i]) {
                    i += 1;
                }
                last = b'a';
                continue;
            }
            b'\'' => {
                i = skip_rust_quote(b, i);
                last = b'\'';
                continue;
            }
            b'{' if depth == 0 && is_rust_container(text, scan.start, i) => {
                containers += 1;
                kind_hint = Kind::Open;
                last = b'{';
                i += 1;
                continue;
            }
            // A container's `}` alone on its line.
            b'}' if depth == 0 && containers > 0 && last == 0 => {
                containers -= 1;
                kind_hint = Kind::Close;
            }
            b'{' => {
                first_brace.get_or_insert(i);
                depth += 1;
            }
            b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
        i += 1;
    }
    if scan.start < b.len() {
        let kind = classify_rust(text, scan.start, b.len(), first_brace, kind_hint);
        scan.push(&mut items, b.len(), kind, containers);
    }
    items
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Past a Rust string whose body starts at `i` (strings may span lines).
fn skip_rust_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// At `i`, an `r`, `b` or `c` starting a word: if it opens a literal (`r"..", r#".."#,
/// b"..", br"..", b'x', c".."`), where the literal ends.
fn rust_prefixed_literal(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if matches!(b[j], b'b' | b'c') {
        j += 1;
        match b.get(j) {
            Some(b'"') => return Some(skip_rust_string(b, j + 1)),
            Some(b'\'') if b[i] == b'b' => return Some(skip_rust_quote(b, j)),
            Some(b'r') => {}
            _ => return None,
        }
    }
    // `r`, then `#`s, then `"`: a raw string, where `\` escapes nothing.
    j += 1;
    let hashes = b[j..].iter().take_while(|&&h| h == b'#').count();
    if b.get(j + hashes) != Some(&b'"') {
        return None;
    }
    Some(skip_raw_string(b, j + hashes + 1, hashes))
}

/// Past a raw string body starting at `i`, closed by `"` and `hashes` `#`s.
fn skip_raw_string(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == b'#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// Past a `'` at `i`: a char literal (`'x'`, `'\n'`, `'\u{..}'`, `'é'`), or only the quote
/// of a lifetime or label (`'a`, `'static`).
fn skip_rust_quote(b: &[u8], i: usize) -> usize {
    match b.get(i + 1) {
        Some(b'\\') => {
            // The escaped character, then up to the closing quote on the same line.
            let mut j = i + 3;
            while j < b.len() && b[j] != b'\'' && b[j] != b'\n' {
                j += 1;
            }
            (j + 1).min(b.len())
        }
        Some(&c) => {
            let len = match c {
                0xF0.. => 4,
                0xE0.. => 3,
                0xC0.. => 2,
                _ => 1,
            };
            if b.get(i + 1 + len) == Some(&b'\'') {
                i + 2 + len
            } else {
                i + 1
            }
        }
        None => i + 1,
    }
}

/// The words of a Rust item's head (`text[start..brace]`) without comments, attributes
/// and visibility.
fn rust_head(text: &str, start: usize, brace: usize) -> Vec<&str> {
    let mut words = Vec::new();
    for line in text[start..brace].lines() {
        let code = line.split("//").next().unwrap_or("").trim();
        if code.starts_with("#[") || code.starts_with("#![") || code.starts_with("/*") {
            continue;
        }
        words.extend(code.split_whitespace());
    }
    while let Some(w) = words.first() {
        if *w == "pub" || w.starts_with("pub(") || *w == "unsafe" || *w == "default" {
            words.remove(0);
        } else {
            break;
        }
    }
    words
}

/// Is the item `text[start..brace]` + `{`, with nothing after the brace on its line, an
/// `impl`, `trait`, `mod` or `extern` block?
fn is_rust_container(text: &str, start: usize, brace: usize) -> bool {
    let rest = text[brace + 1..].split('\n').next().unwrap_or("").trim();
    if !(rest.is_empty() || rest.starts_with("//")) {
        return false;
    }
    match rust_head(text, start, brace).as_slice() {
        [first, ..] if *first == "impl" || first.starts_with("impl<") => true,
        ["trait", ..] | ["auto", "trait", ..] => true,
        ["mod", name] => name.bytes().all(is_ident_byte),
        ["extern"] => true,
        ["extern", abi] => abi.starts_with('"'),
        _ => false,
    }
}

fn classify_rust(text: &str, start: usize, end: usize, brace: Option<usize>, hint: Kind) -> Kind {
    if matches!(hint, Kind::Open | Kind::Close) {
        return hint;
    }
    let words = rust_head(text, start, brace.unwrap_or(end));
    match words.first().copied().unwrap_or("") {
        // Constants fold sizes; the rest declare nothing a chain or a size reads.
        "const" if words.get(1) != Some(&"fn") => Kind::Context,
        "static" => Kind::Context,
        "use" | "type" | "mod" => Kind::Context,
        _ => Kind::Body,
    }
}

/// Item boundaries and kinds for Python: top-level statements; a large class is a
/// container whose header is an `Open` item and whose methods are items.
fn python_items(text: &str) -> Vec<Item> {
    let mut items = Vec::new();
    for (start, end) in python_pieces(text, 0, text.len(), "") {
        let kind = classify_python(&text[start..end], true);
        let header = (kind == Kind::Body && end - start > SPLIT_CLASS)
            .then(|| class_header_end(text, start, end))
            .flatten();
        let Some(header) = header else {
            items.push(item(start, end, kind, 0));
            continue;
        };
        items.push(item(start, header, Kind::Open, 0));
        let indent = body_indent(&text[header..end]);
        for (s, e) in python_pieces(text, header, end, indent) {
            items.push(item(s, e, classify_python(&text[s..e], false), 1));
        }
    }
    items
}

fn item(start: usize, end: usize, kind: Kind, depth: u32) -> Item {
    Item {
        start,
        end,
        start_row: 0,
        kind,
        depth,
        parent: None,
        close: None,
    }
}

/// Walk Python code in `b` from `from`, past comments, strings (triple-quoted ones too)
/// and `\` continuations, calling `newline(after, depth)` at each line end that ends a
/// physical line of code (`depth`: open brackets); stop when it returns `false`.
fn python_lines(b: &[u8], from: usize, mut newline: impl FnMut(usize, i64) -> bool) {
    let (mut depth, mut i) = (0i64, from);
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
                    while i < b.len()
                        && !(b[i] == q && b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q))
                    {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 3;
                    continue;
                }
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if b.get(i) == Some(&b'\n') {
                    continue;
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = (depth - 1).max(0),
            // A continued line is one logical line: its newline is never a boundary.
            b'\\' if b.get(i + 1) == Some(&b'\n') => {
                i += 2;
                continue;
            }
            b'\\' if b[i + 1..].starts_with(b"\r\n") => {
                i += 3;
                continue;
            }
            b'\n' => {
                i += 1;
                if !newline(i, depth) {
                    return;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// Split `text[from..to]` at the starts of logical lines indented exactly `indent`,
/// outside brackets and strings (not before comments, closing brackets or
/// `else`/`elif`/`except`/`finally`, nor after a decorator).
fn python_pieces(text: &str, from: usize, to: usize, indent: &str) -> Vec<(usize, usize)> {
    let b = &text.as_bytes()[..to];
    let mut out = Vec::new();
    let mut start = from;
    // The first byte of the current logical line after the indent.
    let mut line_first: u8 = b.get(from + indent.len()).copied().unwrap_or(0);
    python_lines(b, from, |i, depth| {
        if depth != 0 || i >= b.len() {
            return true;
        }
        let Some(rest) = text[i..to].strip_prefix(indent) else {
            return true;
        };
        let next = rest.as_bytes().first().copied().unwrap_or(b' ');
        let clause = ["else", "elif", "except", "finally"]
            .iter()
            .any(|k| rest.starts_with(k) && !rest[k.len()..].starts_with(is_ident));
        let boundary = !matches!(
            next,
            b' ' | b'\t' | b'\n' | b'\r' | b'#' | b')' | b']' | b'}' | b'\x0c'
        ) && !clause
            && line_first != b'@';
        if boundary {
            out.push((start, i));
            start = i;
        }
        if next != b'#' {
            line_first = next;
        }
        true
    });
    if start < to {
        out.push((start, to));
    }
    out
}

/// Where the header of a class item ends (after its decorators and its `class ..:` line),
/// if the item is a class whose body starts on a line of its own.
fn class_header_end(text: &str, start: usize, end: usize) -> Option<usize> {
    let mut at = start;
    loop {
        let line = &text[at..end];
        let first = line.trim_start();
        // Decorators, comments and blank lines before the `class` line.
        if first.starts_with('@') || first.starts_with('#') || line.starts_with(['\n', '\r']) {
            at = logical_line_end(text, at, end)?;
            continue;
        }
        if !first.starts_with("class") || !first[5..].starts_with(|c: char| c.is_whitespace()) {
            return None;
        }
        let header = logical_line_end(text, at, end)?;
        // `class X: pass` keeps its body on the header's line.
        let body = &text[header..end];
        return (!body.trim().is_empty() && text[at..header].trim_end().ends_with(':'))
            .then_some(header);
    }
}

/// The end (after the newline) of the logical line starting at `at`.
fn logical_line_end(text: &str, at: usize, end: usize) -> Option<usize> {
    let mut found = None;
    python_lines(&text.as_bytes()[..end], at, |i, depth| {
        if depth == 0 {
            found = Some(i);
        }
        found.is_none()
    });
    found
}

/// The indentation of the first line of code in a class body.
fn body_indent(body: &str) -> &str {
    body.lines()
        .find(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map_or("", |l| &l[..l.len() - l.trim_start().len()])
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn classify_python(item: &str, top: bool) -> Kind {
    // The first line that is code (comments and blank lines attach to the item before).
    let first = item.trim_start();
    let word = first.split(|c: char| !is_ident(c)).next().unwrap_or("");
    match word {
        "import" | "from" if top && !item.contains("ghosttax:") => Kind::Structural,
        // Command-line defaults and small dataclasses state values sizes may use
        // (`default=64`, `batch_size: int = 64`): read whenever the file is.
        _ if item.contains("add_argument(")
            || ((first.starts_with("@dataclass")
                || first
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains("NamedTuple")))
                && item.len() <= SPLIT_CLASS) =>
        {
            Kind::Context
        }
        "def" | "class" | "async" => Kind::Body,
        _ if first.starts_with('@') => Kind::Body,
        _ => Kind::Context,
    }
}

/// The start of the item being scanned.
#[derive(Default)]
struct ItemScan {
    start: usize,
    /// Open containers where the current item starts.
    depth: u32,
}

impl ItemScan {
    /// End the current item at `end` (a line start, or the end of the text); `containers`
    /// are open after it.
    fn push(&mut self, items: &mut Vec<Item>, end: usize, kind: Kind, containers: u32) {
        items.push(item(self.start, end, kind, self.depth));
        self.start = end;
        self.depth = containers;
    }
}

/// Each item's first row, in one pass over the text.
fn assign_rows(text: &str, items: &mut [Item]) {
    let (mut row, mut at) = (0usize, 0usize);
    for item in items {
        row += memchr::memchr_iter(b'\n', &text.as_bytes()[at..item.start]).count();
        at = item.start;
        item.start_row = row;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, lang: Language) -> Vec<(Kind, &str)> {
        Plan::new(text, lang)
            .items
            .iter()
            .map(|i| (i.kind, &text[i.start..i.end]))
            .collect()
    }

    #[test]
    fn c_items_split_at_top_level_and_open_namespaces() {
        let text = "#include <x.h>\n#define CHECK(x) do { if (x) return; } while (0)\n\
                    constexpr size_t kBytes = 1 << 20;\nnamespace a {\n\nvoid f()\n{\n  g(\"}\");\n}\n\
                    struct S { static constexpr int n = 4; };\n\
                    struct T { float f(const float* x) { return *x; } };\n}  // namespace a\nint h() { return 1; }";
        let items = kinds(text, Language::Cpp);
        assert_eq!(
            items,
            vec![
                (Kind::Context, "#include <x.h>\n"),
                (
                    Kind::Context,
                    "#define CHECK(x) do { if (x) return; } while (0)\n"
                ),
                (Kind::Context, "constexpr size_t kBytes = 1 << 20;\n"),
                (Kind::Open, "namespace a {\n"),
                (Kind::Body, "\nvoid f()\n{\n  g(\"}\");\n}\n"),
                (Kind::Context, "struct S { static constexpr int n = 4; };\n"),
                (
                    Kind::Body,
                    "struct T { float f(const float* x) { return *x; } };\n"
                ),
                (Kind::Close, "}  // namespace a\n"),
                (Kind::Body, "int h() { return 1; }"),
            ]
        );
        let plan = Plan::new(text, Language::Cpp);
        assert_eq!(
            plan.items.iter().map(|i| i.depth).collect::<Vec<_>>(),
            [0, 0, 0, 0, 1, 1, 1, 1, 0]
        );
    }

    #[test]
    fn unbalanced_braces_make_one_item_to_the_end() {
        let text = "#ifdef X\nvoid f(int a) {\n#else\nvoid f() {\n#endif\n  g();\n}\nvoid h() {}\n";
        let items = kinds(text, Language::Cpp);
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[1],
            (
                Kind::Body,
                "void f(int a) {\n#else\nvoid f() {\n#endif\n  g();\n}\nvoid h() {}\n"
            )
        );
    }

    #[test]
    fn python_items_keep_decorators_clauses_and_continuations_together() {
        let text = "import torch\nfrom a import (\n  b,\n)\nN = 1 << \\\n20\n@dec\ndef f():\n    x = '''\nnot a boundary\n'''\n# comment\nclass C(Base):\n    pass\ntry:\n    import y\nexcept ImportError:\n    y = None\n";
        let items = kinds(text, Language::Python);
        assert_eq!(
            items,
            vec![
                (Kind::Structural, "import torch\n"),
                (Kind::Structural, "from a import (\n  b,\n)\n"),
                (Kind::Context, "N = 1 << \\\n20\n"),
                (
                    Kind::Body,
                    "@dec\ndef f():\n    x = '''\nnot a boundary\n'''\n# comment\n"
                ),
                (Kind::Body, "class C(Base):\n    pass\n"),
                (
                    Kind::Context,
                    "try:\n    import y\nexcept ImportError:\n    y = None\n"
                ),
            ]
        );
    }

    #[test]
    fn groups_join_adjacent_items_and_carry_their_containers() {
        let text = "namespace a {\nvoid f() {}\nvoid g() {}\nvoid h() {}\n}\nvoid k() {}\n";
        let plan = Plan::new(text, Language::Cpp);
        assert_eq!(plan.items[1].parent, Some(0));
        assert_eq!(plan.items[0].close, Some(4));
        assert_eq!(plan.items[5].parent, None);
        // `k` alone takes no namespace lines.
        assert_eq!(plan.take(&[5]), [5]);
        assert_eq!(plan.take(&[1, 2]), [0, 1, 2, 4]);
        let nested = "namespace a {\nnamespace b {\nvoid f() {}\nvoid g() {}\n}\n}\nvoid h() {}\n";
        let deep = Plan::new(nested, Language::Cpp);
        assert_eq!(deep.items[3].parent, Some(1));
        assert_eq!(deep.items[1].parent, Some(0));
        // Both members take both namespaces' lines, once.
        assert_eq!(deep.take(&[2, 3]), [0, 1, 2, 3, 4, 5]);
        assert_eq!(deep.take(&[6]), [6]);
        let groups = plan.groups(&plan.take(&[1, 2]), usize::MAX);
        assert_eq!(groups.len(), 1);
        let r = &groups[0];
        assert_eq!(r.len(), 2);
        assert_eq!(
            &text[r[0].start_byte..r[0].end_byte],
            "namespace a {\nvoid f() {}\nvoid g() {}\n"
        );
        assert_eq!(&text[r[1].start_byte..r[1].end_byte], "}\n");
        assert_eq!((r[1].start_point.row, r[1].end_point.row), (4, 5));
    }

    #[test]
    fn groups_are_cut_between_top_level_items_once_large_enough() {
        let unit = "void f() {\n  for (;;) { g(\"}\"); }\n}\n";
        let text = format!(
            "{}namespace a {{\n{}}}\n{}",
            unit.repeat(4),
            unit.repeat(4),
            unit.repeat(4)
        );
        let plan = Plan::new(&text, Language::Cpp);
        let all: Vec<usize> = (0..plan.items.len()).collect();
        let groups = plan.groups(&all, 2 * unit.len());
        // Whole file, in order, without gaps; never cut inside the namespace.
        let flat: Vec<&Range> = groups.iter().flatten().collect();
        assert_eq!(flat[0].start_byte, 0);
        assert_eq!(flat.last().map(|r| r.end_byte), Some(text.len()));
        for w in flat.windows(2) {
            assert_eq!(w[0].end_byte, w[1].start_byte);
        }
        let cuts: Vec<usize> = groups.iter().skip(1).map(|g| g[0].start_byte).collect();
        let u = unit.len();
        let ns_end = 4 * u + "namespace a {\n".len() + 4 * u + "}\n".len();
        assert_eq!(cuts, [2 * u, 4 * u, ns_end, ns_end + 2 * u]);
    }

    #[test]
    fn large_python_classes_open_to_their_methods() {
        let methods: String = (0..60)
            .map(|i| format!("    @property\n    def m{i}(self):\n        return self.x * {i}\n\n"))
            .collect();
        let text = format!(
            "import torch\n\n@dataclass\nclass Big(\n    Base,\n):\n    \"\"\"Doc.\"\"\"\n    SIZE = 4\n\n{methods}\
             def after():\n    pass\n"
        );
        let plan = Plan::new(&text, Language::Python);
        let items = &plan.items;
        assert_eq!(items[0].kind, Kind::Structural);
        assert_eq!(items[1].kind, Kind::Open);
        assert_eq!(
            &text[items[1].start..items[1].end],
            "@dataclass\nclass Big(\n    Base,\n):\n"
        );
        assert_eq!(
            (items[2].kind, &text[items[2].start..items[2].end]),
            (Kind::Context, "    \"\"\"Doc.\"\"\"\n")
        );
        assert_eq!(items[3].kind, Kind::Context);
        assert_eq!(
            (items[4].kind, &text[items[4].start..items[4].end]),
            (
                Kind::Body,
                "    @property\n    def m0(self):\n        return self.x * 0\n\n"
            )
        );
        assert_eq!(items[4].parent, Some(1));
        let last = items.len() - 1;
        assert_eq!((items[last].kind, items[last].parent), (Kind::Body, None));
        assert_eq!(&text[items[last].start..], "def after():\n    pass\n");
        // A method takes its class's header, and the imports.
        assert_eq!(plan.take(&[5]), [0, 1, 5]);
        // Small classes stay whole.
        let small = Plan::new(
            "class S:\n    def f(self):\n        pass\n",
            Language::Python,
        );
        assert_eq!(small.items.len(), 1);
    }

    #[test]
    fn rust_items_split_at_top_level_past_literals_and_open_blocks() {
        let text = "//! Crate docs.\nuse std::ffi::c_void;\nconst N: usize = 1 << 20;\n\
                    /// Docs.\n#[inline]\nfn f<'a>(x: &'a str) -> char {\n    let _ = \"}\n\";\n    '{'\n}\n\
                    static S: &str = r#\"\"}\n\"#;\n/* a /* nested */ } */\nimpl<T> Pool<T>\nwhere\n    T: Copy,\n{\n\
                    \x20   pub fn new() -> Self {\n        Pool(b'}')\n    }\n}\n\
                    #[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\nextern \"C\" {\n    fn g(p: *mut c_void);\n}\n";
        let items = kinds(text, Language::Rust);
        assert_eq!(
            items,
            vec![
                (Kind::Context, "//! Crate docs.\nuse std::ffi::c_void;\n"),
                (Kind::Context, "const N: usize = 1 << 20;\n"),
                (
                    Kind::Body,
                    "/// Docs.\n#[inline]\nfn f<'a>(x: &'a str) -> char {\n    let _ = \"}\n\";\n    '{'\n}\n"
                ),
                (Kind::Context, "static S: &str = r#\"\"}\n\"#;\n"),
                (
                    Kind::Open,
                    "/* a /* nested */ } */\nimpl<T> Pool<T>\nwhere\n    T: Copy,\n{\n"
                ),
                (
                    Kind::Body,
                    "    pub fn new() -> Self {\n        Pool(b'}')\n    }\n"
                ),
                (Kind::Close, "}\n"),
                (Kind::Open, "#[cfg(test)]\nmod tests {\n"),
                (Kind::Body, "    #[test]\n    fn t() {}\n"),
                (Kind::Close, "}\n"),
                (Kind::Open, "extern \"C\" {\n"),
                (Kind::Body, "    fn g(p: *mut c_void);\n"),
                (Kind::Close, "}\n"),
            ]
        );
    }
}
