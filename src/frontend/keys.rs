//! What a cache key is made of, read from text, for every front end: the names in a key
//! expression and the file's counters. `analysis::frequency`'s `key_never_repeats` reads
//! these facts (`Event::key_names`, `FileModel::counters`): a once-per-key pin whose key is
//! new on every call is not once.

/// The names and dotted attributes in `code` (`(self.step, n)` → `self.step`, `n`;
/// `this->frame_` → `frame_`; `std::make_pair(a, b)` → `a`, `b`, not the path). A call
/// names no value: `req.request_id.clone()` is `req.request_id`, `int(step)` is `step`.
pub fn dotted_names(code: &str) -> impl Iterator<Item = &str> {
    let part = |c: char| c.is_alphanumeric() || c == '_' || c == '.' || c == ':';
    let mut out: Vec<&str> = Vec::new();
    let mut rest = code;
    let mut at = 0;
    while let Some(start) = rest.find(part) {
        let len = rest[start..]
            .find(|c: char| !part(c))
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + len];
        let called = rest[start + len..].trim_start().starts_with('(');
        at += start + len;
        rest = &code[at..];
        if token.contains("::") {
            continue;
        }
        for t in token.split(':') {
            let t = t.trim_matches('.');
            // (The method of a call is not a value: its receiver is.)
            let t = match (called, t.rsplit_once('.')) {
                (false, _) => t,
                (true, Some((receiver, _))) => receiver,
                (true, None) => continue,
            };
            if t.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && !matches!(t, "this" | "self" | "std" | "make_pair" | "make_tuple")
            {
                out.push(t);
            }
        }
    }
    out.into_iter()
}

/// The arguments of the call `code` spells (`store.put(chrom, i0 - lo, f(a, b))` →
/// `chrom`, `i0 - lo`, `f(a, b)`), split at the commas of its first parenthesised list.
pub fn call_arguments(code: &str) -> Option<Vec<&str>> {
    scan_call(code).map(|(args, _)| args)
}

/// Where the first parenthesised list of `code` closes (the byte of its `)`): `load(p)?`
/// → 6.
pub fn call_end(code: &str) -> Option<usize> {
    scan_call(code).map(|(_, end)| end)
}

/// The arguments of `code`'s first parenthesised list and the byte where it closes.
fn scan_call(code: &str) -> Option<(Vec<&str>, usize)> {
    let open = code.find('(')?;
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = open + 1;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in code[open..].char_indices().map(|(i, c)| (i + open, c)) {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    let last = code[start..i].trim();
                    if !last.is_empty() {
                        out.push(last);
                    }
                    return Some((out, i));
                }
            }
            ',' if depth == 1 => {
                out.push(code[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// The value `name` was last assigned in `code` (`let key = (dev, frame);`, `auto key =
/// std::make_pair(a, b);`): up to the end of the statement or line.
pub fn assigned_value<'a>(code: &'a str, name: &str) -> Option<&'a str> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name)
        .filter(|(i, _)| {
            !code[..*i].ends_with(|c: char| word(c) || c == '.')
                && !code[i + name.len()..].starts_with(word)
        })
        .filter_map(|(i, _)| {
            let rest = code[i + name.len()..].trim_start();
            let value = rest.strip_prefix('=').filter(|r| !r.starts_with('='))?;
            Some(value[..value.find([';', '\n']).unwrap_or(value.len())].trim())
        })
        .last()
}

/// The names and attributes the file steps by an integer, read from its text: `self.
/// global_step += 1`, `n -= 2`, and C's statements `++frame_;`, `seq_++;` (not a `for`
/// header's `++i)`, whose loop walks the same values each time it runs).
pub fn counters(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let name = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.';
    let mut out: Vec<String> = Vec::new();
    let mut push = |left: &str| {
        if !left.is_empty()
            && left.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && !out.iter().any(|o| o == left)
        {
            out.push(left.to_string());
        }
    };
    // The name that ends at `end` (spaces before `end` skipped), `this->` dropped.
    let before = |end: usize| {
        let mut end = end;
        while end > 0 && bytes[end - 1] == b' ' {
            end -= 1;
        }
        let mut start = end;
        while start > 0 && name(bytes[start - 1]) {
            start -= 1;
        }
        &text[start..end]
    };
    for (i, _) in text.match_indices("+=").chain(text.match_indices("-=")) {
        let rest = text[i + 2..].trim_start_matches(' ');
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = rest[digits..].trim_start_matches(' ');
        let whole = after.is_empty() || after.starts_with(['\n', '\r', '#', ';']);
        if digits > 0 && whole {
            push(before(i));
        }
    }
    for (i, op) in text.match_indices("++").chain(text.match_indices("--")) {
        // `seq_++;`
        let after = text[i + op.len()..].trim_start_matches(' ');
        if after.starts_with(';') {
            push(before(i));
        }
        // `++frame_;`
        let rest = &text[i + op.len()..];
        let len = rest.bytes().take_while(|&b| name(b)).count();
        let statement = text[..i]
            .trim_end_matches([' ', '\t'])
            .ends_with(['\n', ';', '{', '}']);
        if len > 0 && statement && rest[len..].trim_start_matches(' ').starts_with(';') {
            push(&rest[..len]);
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_arguments_split_at_top_level_commas() {
        assert_eq!(
            call_arguments("store.put(chrom, i0 - lo, f(a, b), \"x,y\")"),
            Some(vec!["chrom", "i0 - lo", "f(a, b)", "\"x,y\""])
        );
        assert_eq!(call_arguments("f()"), Some(vec![]));
        assert_eq!(call_arguments("f(a"), None);
        assert_eq!(call_end("load(p)?"), Some(6));
    }

    #[test]
    fn counters_are_stepped_names_not_for_headers() {
        let c = "self.step += 1\nn -= 2\nx += y\n  ++frame_;\nseq_++;\nfor (int i = 0; i < n; ++i) {}\n";
        assert_eq!(counters(c), vec!["frame_", "n", "self.step", "seq_"]);
    }

    #[test]
    fn a_key_is_read_through_the_local_it_was_assigned_to() {
        let c = "let mut key = (dev, frame_id);\nlet keyed = 1;\nmap.entry(key)";
        assert_eq!(assigned_value(c, "key"), Some("(dev, frame_id)"));
        assert_eq!(assigned_value("if key == 3 {", "key"), None);
    }

    #[test]
    fn key_names_drop_paths_and_this() {
        let names: Vec<&str> = dotted_names("std::make_pair(this->dev, req.id)").collect();
        assert_eq!(names, vec!["dev", "req.id"]);
    }

    #[test]
    fn key_names_are_values_not_calls() {
        let names: Vec<&str> = dotted_names("(req.request_id.clone(), int(step), n)").collect();
        assert_eq!(names, vec!["req.request_id", "step", "n"]);
        let names: Vec<&str> = dotted_names("(self.step, x[i:j])").collect();
        assert_eq!(names, vec!["self.step", "x", "i", "j"]);
    }
}
