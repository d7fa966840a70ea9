//! Import statements, read lexically: which modules (Python) and headers (C family) a file
//! names, kept as hashes so the link passes can ask whether a file can reach a definition.

use super::*;

/// The hash an identifier named by a C-family `#include` is also kept under: a header's
/// functions are reached only where it is included.
pub(crate) fn import_hash(name: &[u8]) -> u32 {
    let mut h = FxHasher::default();
    h.write(b"(import)");
    h.write(name);
    (h.finish() >> 32) as u32
}

/// Call `f` on the text of every import statement: Python `import ..`/`from .. import ..`
/// (with a parenthesised or backslash-continued tail), C-family `#include ..`.
pub(super) fn import_statements<'a>(text: &'a [u8], lang: Language, mut f: impl FnMut(&'a [u8])) {
    let (needle, python) = match lang {
        Language::Python => (&b"import"[..], true),
        Language::C | Language::Cpp | Language::Cuda => (&b"include"[..], false),
        Language::Rust => return,
    };
    let mut done = 0;
    for at in memchr::memmem::find_iter(text, needle) {
        if at < done {
            continue;
        }
        let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |i| i + 1);
        let head = text[start..at].trim_ascii_start();
        let statement = if python {
            // The line starts the statement: `import x`, `from x import y`.
            (head.is_empty() || head.starts_with(b"from ") || head.starts_with(b"from\t"))
                && text
                    .get(at + needle.len())
                    .is_some_and(|c| !IDENT[usize::from(*c)])
        } else {
            head.first() == Some(&b'#') && head[1..].trim_ascii().is_empty()
        };
        let mut end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i);
        if !statement {
            continue;
        }
        if python {
            let line = &text[start..end];
            if line.contains(&b'(') && !line.contains(&b')') {
                end = memchr::memchr(b')', &text[at..]).map_or(text.len(), |i| at + i);
            } else {
                while end > 0 && text[..end].trim_ascii_end().ends_with(b"\\") && end < text.len() {
                    end =
                        memchr::memchr(b'\n', &text[end + 1..]).map_or(text.len(), |i| end + 1 + i);
                }
            }
        }
        f(&text[start..end]);
        done = end;
    }
}

/// The hash of two names written one after the other in a Python import: a module and
/// what it holds (`pkg.ops`, `ops.copy` in `from pkg.ops import copy`).
pub(super) fn pair_hash(a: &[u8], b: &[u8]) -> u32 {
    let mut h = FxHasher::default();
    h.write(b"(pair)");
    h.write(a);
    h.write(b".");
    h.write(b);
    (h.finish() >> 32) as u32
}

/// The folders of `path`, outermost first (`a/b/c.py` → `a`, `b`).
pub(super) fn folders(path: &str) -> Vec<&[u8]> {
    let mut parts: Vec<&[u8]> = path
        .split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != ".")
        .map(str::as_bytes)
        .collect();
    parts.pop();
    parts
}

/// Call `pair` on each module and the name it holds that a Python import statement (of a
/// file in `folders`) names, as `a.b` pairs: `import a.b.c` → (a, b), (b, c);
/// `from .ops import copy as c` → (own folder, ops), (ops, copy); a first name also counts
/// as a module of the importing file's own folder (a script's sibling). An alias is not a
/// module name.
pub(super) fn python_import_pairs(
    statement: &[u8],
    folders: &[&[u8]],
    mut pair: impl FnMut(&[u8], &[u8]),
) {
    let own: &[u8] = folders.last().copied().unwrap_or(b"");
    let mut words = Vec::new();
    let mut i = 0;
    // Tokens: identifiers, and `.` `,` `*` kept as one-byte words; the rest separates.
    while i < statement.len() {
        let c = statement[i];
        if c == b'#' {
            i += memchr::memchr(b'\n', &statement[i..]).unwrap_or(statement.len() - i);
        } else if IDENT[usize::from(c)] {
            let len = statement[i..]
                .iter()
                .position(|&b| !IDENT[usize::from(b)])
                .unwrap_or(statement.len() - i);
            words.push(&statement[i..i + len]);
            i += len;
        } else {
            if matches!(c, b'.' | b',' | b'*') {
                words.push(&statement[i..=i]);
            }
            i += 1;
        }
    }
    // A dotted path: consecutive pairs, its first name under `base`.
    let path = |names: &[&[u8]], base: &[u8], pair: &mut dyn FnMut(&[u8], &[u8])| {
        let mut prev = base;
        for &n in names {
            pair(prev, n);
            prev = n;
        }
    };
    match words.first().copied() {
        Some(b"import") => {
            for item in words[1..].split(|w| *w == b",") {
                let names: Vec<&[u8]> = item
                    .iter()
                    .copied()
                    .take_while(|w| *w != b"as")
                    .filter(|w| *w != b".")
                    .collect();
                path(&names, own, &mut pair);
            }
        }
        Some(b"from") => {
            let Some(at) = words.iter().position(|w| *w == b"import") else {
                return;
            };
            let module = &words[1..at];
            let dots = module.iter().take_while(|w| **w == b".").count();
            let names: Vec<&[u8]> = module[dots..]
                .iter()
                .copied()
                .filter(|w| *w != b".")
                .collect();
            // `from ..a import b`: `..` is the folder above the importing file's own.
            let base: &[u8] = match dots {
                0 => own,
                d => folders
                    .len()
                    .checked_sub(d)
                    .and_then(|i| folders.get(i))
                    .copied()
                    .unwrap_or(b""),
            };
            path(&names, base, &mut pair);
            let last = names.last().copied().unwrap_or(base);
            for item in words[at + 1..].split(|w| *w == b",") {
                if let Some(&name) = item.first()
                    && name != b"*"
                {
                    pair(last, name);
                }
            }
        }
        _ => {}
    }
}

/// The pairs (see `pair_hash`) an import names when it can reach `name` of the Python file
/// `path`, and the module names a call of it may be qualified with (`ops.copy(`): for
/// `pkg/ops.py`, (pkg, ops), (pkg, name) (a package re-exporting it) and `ops`, `pkg`; for
/// `pkg/__init__.py` under `lib`, (lib, pkg), (pkg, name) and `pkg`.
pub fn python_reach(path: &str, name: &[u8]) -> (Vec<u32>, Vec<u32>) {
    let p = std::path::Path::new(path);
    let stem = p
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| s != "__init__");
    let mut modules: Vec<&[u8]> = folders(path);
    if let Some(stem) = &stem {
        modules.push(stem.as_bytes());
    }
    let n = modules.len();
    let (a, b): (&[u8], &[u8]) = match n {
        0 => return (Vec::new(), Vec::new()),
        1 => (b"", modules[0]),
        _ => (modules[n - 2], modules[n - 1]),
    };
    // Every form of import that names the module pairs it with its package (`from . import
    // ops`, `from .ops import f`, `import pkg.ops`); `from pkg import f` pairs the package
    // with the name. A module with no folder pairs with what it holds.
    let mut pairs = vec![pair_hash(a, b)];
    let mut qualifiers = vec![hash(b)];
    if stem.is_some() && n > 1 {
        pairs.push(pair_hash(a, name));
        qualifiers.push(hash(a));
    } else {
        pairs.push(pair_hash(b, name));
    }
    (pairs, qualifiers)
}

impl Idents {
    /// Can a call of `name` here (`at` in `text`) reach the module-level function or class
    /// `name` of the Python file `path`: an import names it, or its module, or the call is
    /// written `module.name(`? (`reach` from `python_reach`.)
    pub(crate) fn reaches_free(
        &self,
        (pairs, qualifiers): (&[u32], &[u32]),
        text: &[u8],
        at: usize,
    ) -> bool {
        pairs.iter().any(|&h| self.has(h)) || called_on(text, at, qualifiers)
    }

    /// As `reaches_free`, for a call site of the index (which records no text).
    pub fn imports_free(&self, path: &str, name: &str) -> bool {
        let (pairs, _) = python_reach(path, key(name));
        pairs.iter().any(|&h| self.has(h))
    }
}
