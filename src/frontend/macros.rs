//! Function-like macros as functions. A `#define` body is never parsed where it is written,
//! yet `#define REGISTER(p, n) { for (..) cudaHostRegister(p + .., ..); }` pins wherever it
//! is invoked. For the C family, each function-like macro whose body names a catalog API is
//! rewritten, in a copy of the file where everything else is blank, into a function of the
//! same name and parameters at the same byte offsets:
//!
//! ```text
//! #define REG(p, n) cudaHostRegister(p, n, 0)      (original)
//! void    REG(p, n){cudaHostRegister(p, n, 0)}      (the copy that is parsed)
//! ```
//!
//! The front end walks that copy after the file itself, so the macro becomes a function of
//! the model (with its loops, pins and releases, at the offsets of its body), and each
//! invocation, already a call in the file, reaches it like any other call.
//!
//! A macro that forwards to a function of the file that pins or releases
//! (`#define hostCalloc(...) hostCallocDebug(__VA_ARGS__, __FILE__, __LINE__)`) is
//! rewritten too: its invocations, in this file or in the files that include it, are then
//! calls that reach the function.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::catalog::{Catalog, ContextNames, MatchKind};
use crate::model::{CallSite, Exit, ExitKind, FileModel, Language};

/// The file with its pinning function-like macros rewritten as functions and everything
/// else blank, or `None` when it has no such macro. `forwards_to` names the file's
/// functions that pin or release: a macro that calls one is rewritten too.
pub fn exposed(
    text: &str,
    lang: Language,
    catalog: &Catalog,
    forwards_to: &HashSet<&str>,
) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut line_start = 0;
    while line_start < bytes.len() {
        let end = logical_line_end(bytes, line_start);
        if let Some(m) = function_like(bytes, line_start, end)
            && (names_api(&text[m.body..end], lang, catalog)
                || calls_one_of(&text[m.body..end], forwards_to))
        {
            let copy = out.get_or_insert_with(|| blank(bytes));
            rewrite(copy, bytes, &m, end);
        }
        line_start = end + 1;
    }
    out.and_then(|v| String::from_utf8(v).ok())
}

/// The headers a file includes by quoted name (`#include "check.h"`), in order: the
/// project's own, where its status and checking macros live.
pub fn quoted_includes(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut line_start = 0;
    while line_start < bytes.len() {
        let end = memchr(bytes, b'\n', line_start).unwrap_or(bytes.len());
        let line = text[line_start..end].trim_start();
        if let Some(rest) = line.strip_prefix('#')
            && let Some(rest) = rest.trim_start().strip_prefix("include")
            && let Some(rest) = rest.trim_start().strip_prefix('"')
            && let Some(close) = rest.find('"')
            && close > 0
        {
            out.push(&rest[..close]);
        }
        line_start = end + 1;
    }
    out
}

/// How a macro's body can leave the function that invokes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MacroExit {
    /// `return` (`CHECK_OR_RETURN(x)`).
    Return,
    /// `throw` (`CU_TRY(x)` throwing on failure).
    Throw,
    /// `goto label` (`CHECK(x)` jumping to the caller's `fail:`).
    Goto(String),
    /// `goto` the label its invocation names as this argument (`TRY(call, cleanup)`).
    GotoArg(u8),
}

impl MacroExit {
    /// The exit the invocation `call` of a macro with this body makes (none for a jump
    /// to a label it does not name).
    pub fn kind(&self, call: &CallSite) -> Option<ExitKind> {
        Some(match self {
            MacroExit::Return => ExitKind::MacroReturn(call.callee.clone()),
            MacroExit::Throw => ExitKind::Throw,
            MacroExit::Goto(label) => ExitKind::Goto(label.clone()),
            MacroExit::GotoArg(i) => ExitKind::Goto(
                call.name_args
                    .iter()
                    .find(|(j, _)| j == i)
                    .map(|(_, label)| label.clone())?,
            ),
        })
    }
}

/// Every function-like macro `text` defines, with how its body leaves (see `exit_of`):
/// `CHECK_OR_RETURN(x)` returns, `CU_TRY(x)` throws, a checking macro that aborts leaves
/// nothing it can skip (the process ends).
pub fn definitions(text: &str) -> Vec<(&str, Option<MacroExit>)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut line_start = 0;
    while line_start < bytes.len() {
        let end = logical_line_end(bytes, line_start);
        if let Some(m) = function_like(bytes, line_start, end)
            .or_else(|| function_like_tight(bytes, line_start, end))
        {
            let name = text[m.define_end..m.after_params]
                .trim_start()
                .split('(')
                .next()
                .unwrap_or("");
            let params = text[m.define_end..m.after_params]
                .split_once('(')
                .map_or("", |(_, p)| p);
            out.push((name, exit_of(params, &bytes[m.body.min(end)..end])));
        }
        line_start = end + 1;
    }
    out
}

/// `#define NAME(params)body` with no blank after the parameters (`function_like` needs
/// one, for its rewrite): still a definition.
fn function_like_tight(bytes: &[u8], start: usize, end: usize) -> Option<Macro> {
    let mut padded = bytes[start..end].to_vec();
    let close = padded.iter().position(|&b| b == b')')?;
    padded.insert(close + 1, b' ');
    let m = function_like(&padded, 0, padded.len())?;
    Some(Macro {
        hash: start + m.hash,
        define_end: start + m.define_end,
        after_params: start + m.after_params,
        body: start + m.body - 1,
    })
}

/// How a macro body leaves its invoker, by the words it holds outside literals and
/// comments: `return` first, then `goto label` (a label among its `params`, the text of
/// its parameter list: the one its invocation names), then `throw`.
pub fn exit_of(params: &str, body: &[u8]) -> Option<MacroExit> {
    let words = code_words(body);
    if words.iter().any(|w| *w == b"return") {
        return Some(MacroExit::Return);
    }
    if let Some(i) = words.iter().position(|w| *w == b"goto")
        && let Some(label) = words.get(i + 1)
    {
        let label = String::from_utf8_lossy(label).into_owned();
        let param = params
            .trim_matches(|c: char| c == '(' || c == ')' || c.is_whitespace())
            .split(',')
            .position(|p| p.trim() == label);
        return Some(match param.and_then(|i| u8::try_from(i).ok()) {
            Some(i) => MacroExit::GotoArg(i),
            None => MacroExit::Goto(label),
        });
    }
    words
        .iter()
        .any(|w| *w == b"throw")
        .then_some(MacroExit::Throw)
}

/// The words of a macro body outside string and character literals and comments.
fn code_words(body: &[u8]) -> Vec<&[u8]> {
    let mut words = Vec::new();
    let mut quote: Option<u8> = None;
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if quote.is_none() && is_word(b) {
            start.get_or_insert(i);
            i += 1;
            continue;
        }
        if let Some(from) = start.take() {
            words.push(&body[from..i]);
        }
        match quote {
            Some(_) if b == b'\\' => i += 1,
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if body[i..].starts_with(b"/*") => {
                let rest = &body[i + 2..];
                i += 2 + rest
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(rest.len(), |p| p + 1);
            }
            None if body[i..].starts_with(b"//") => return words,
            None => {}
        }
        i += 1;
    }
    if let Some(from) = start {
        words.push(&body[from..]);
    }
    words
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Early exits that the file's own text does not define: calls of a macro that a header
/// it includes (`headers`, their texts) defines with a `return` (`CHECK_OR_RETURN`), and,
/// in test code (`test_file`, or inside a test function), test assertions that leave the
/// test when they fail (`names.assertion_macros`: `ASSERT_EQ`, `REQUIRE`). A macro that the
/// file itself defines was decided by the parse (`cpp.rs`); one defined without a `return`
/// (it aborts, throws, or goes on) is no exit.
pub fn hidden_exits(
    model: &mut FileModel,
    text: &str,
    headers: &[String],
    names: &ContextNames,
    test_file: bool,
) {
    // A function of the file (`static void ASSERT_CONSISTENT(..)`) is no macro.
    let own: HashSet<&str> = definitions(text)
        .into_iter()
        .map(|(n, _)| n)
        .chain(model.functions.iter().map(|f| f.name.as_str()))
        .collect();
    let mut included: HashMap<&str, Option<MacroExit>> = HashMap::default();
    for h in headers {
        for (name, exit) in definitions(h) {
            included.entry(name).or_insert(exit);
        }
    }
    let in_test = |mut f: Option<usize>| {
        test_file || {
            while let Some(id) = f {
                let func = &model.functions[id];
                if func.test
                    || (func.kind == crate::model::FunctionKind::Function
                        && names
                            .test_functions
                            .iter()
                            .any(|p| crate::catalog::glob(p, &func.name)))
                {
                    return true;
                }
                f = func.parent;
            }
            false
        }
    };
    let exits: Vec<Exit> = model
        .calls
        .iter()
        .filter(|c| !own.contains(c.callee.as_str()))
        .filter_map(|c| {
            let kind = match included.get(c.callee.as_str()) {
                Some(Some(exit)) => exit.kind(c)?,
                Some(None) => return None,
                None if names.is_assertion(&c.callee) && in_test(Some(c.function)) => {
                    ExitKind::Assertion(c.callee.clone())
                }
                None if names.is_throwing_macro(&c.callee) => ExitKind::Throw,
                None => return None,
            };
            // (What the macro checks: `TORCH_CHECK(err == cudaSuccess, ..)` on the pin's
            // own status leaves only when nothing was pinned; so does one in the branch of
            // an `if` on the pin's status, `if (cudaHostAlloc(..) != cudaSuccess) { ..
            // TORCH_CHECK(false, ..); }`.)
            Some(Exit {
                kind,
                span: c.span,
                function: c.function,
                innermost_loop: c.innermost_loop,
                guard: c.guard,
                guard_names: c.arg_roots.clone(),
                null_tests: None,
            })
        })
        .collect();
    drop(own);
    model.exits.extend(exits);
}

/// Where the parts of one `#define NAME(params) body` are.
struct Macro {
    /// The `#` and the end of `define`.
    hash: usize,
    define_end: usize,
    /// The byte after the parameters' `)`.
    after_params: usize,
    body: usize,
}

/// The end of the logical line starting at `start`: its last `\n` (continuations
/// followed), or the end of the text.
fn logical_line_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    loop {
        match memchr(bytes, b'\n', i) {
            None => return bytes.len(),
            Some(nl) => {
                let before = bytes[i..nl]
                    .iter()
                    .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                    .map(|p| bytes[i + p]);
                if before == Some(b'\\') {
                    i = nl + 1;
                } else {
                    return nl;
                }
            }
        }
    }
}

fn memchr(bytes: &[u8], needle: u8, from: usize) -> Option<usize> {
    bytes[from..]
        .iter()
        .position(|&b| b == needle)
        .map(|p| p + from)
}

/// `#define NAME(params) body` on the logical line `[start, end)`, if it is one.
fn function_like(bytes: &[u8], start: usize, end: usize) -> Option<Macro> {
    let skip = |mut i: usize| {
        while i < end && matches!(bytes[i], b' ' | b'\t') {
            i += 1;
        }
        i
    };
    let hash = skip(start);
    if bytes.get(hash) != Some(&b'#') {
        return None;
    }
    let d = skip(hash + 1);
    if !bytes[d..end].starts_with(b"define") {
        return None;
    }
    let define_end = d + "define".len();
    let name = skip(define_end);
    if name == define_end {
        return None;
    }
    let mut i = name;
    while i < end && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    // Function-like only when `(` follows the name at once.
    if i == name || bytes.get(i) != Some(&b'(') {
        return None;
    }
    let close = i + bytes[i..end].iter().position(|&b| b == b')')?;
    let after_params = close + 1;
    // Room for the `{`: a blank right after the parameters.
    if !matches!(bytes.get(after_params), Some(b' ' | b'\t')) {
        return None;
    }
    Some(Macro {
        hash,
        define_end,
        after_params,
        body: after_params + 1,
    })
}

/// Does the macro body call a catalog API of `lang`?
fn names_api(body: &str, lang: Language, catalog: &Catalog) -> bool {
    body.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| !w.is_empty() && catalog.lookup(lang, MatchKind::Call, w).is_some())
}

/// Does the macro body call one of `names` (`name(` or `name (`)?
fn calls_one_of(body: &str, names: &HashSet<&str>) -> bool {
    let bytes = body.as_bytes();
    !names.is_empty()
        && crate::scan::idents::any_ident(bytes, |w| {
            let end = w.as_ptr() as usize - bytes.as_ptr() as usize + w.len();
            bytes[end..].iter().find(|b| !matches!(b, b' ' | b'\t')) == Some(&b'(')
                && std::str::from_utf8(w).is_ok_and(|w| names.contains(w))
        })
}

/// Spaces for every byte but newlines.
fn blank(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .map(|&b| if b == b'\n' { b'\n' } else { b' ' })
        .collect()
}

/// Copy the macro at `m` (ending at `end`) into `copy` as a function definition.
fn rewrite(copy: &mut Vec<u8>, bytes: &[u8], m: &Macro, end: usize) {
    // The previous macro's `}` may sit on this `#`: keep it before the `void`.
    let closer = copy[m.hash] == b'}';
    copy[m.hash..end].copy_from_slice(&bytes[m.hash..end]);
    // `#define` (at least 7 bytes) becomes `void` and blanks (`}void` after a closer).
    let head: &[u8] = if closer { b"}void" } else { b"void" };
    for (k, b) in copy[m.hash..m.define_end].iter_mut().enumerate() {
        *b = *head.get(k).unwrap_or(&b' ');
    }
    copy[m.after_params] = b'{';
    // Line continuations go; the line's end closes the body.
    for b in &mut copy[m.body..end] {
        if *b == b'\\' {
            *b = b' ';
        }
    }
    // An expression body (`cudaMallocHost(&(p), n)`) needs its `;`, or `void F(..){e}`
    // reads as a brace-initialised declaration: the `;` takes the line's end and the `}`
    // the next byte (blank in the copy, or the `#` of a next macro, which keeps it).
    // A trailing `// comment` would swallow both: they take its `//` instead.
    if let Some(c) = line_comment(&bytes[m.body..end]).map(|c| m.body + c) {
        let body = bytes[m.body..c].trim_ascii_end();
        let statement = matches!(body.last(), Some(b'}' | b';'));
        copy[c..end].fill(b' ');
        copy[c..c + 2].copy_from_slice(if statement { b"} " } else { b";}" });
        return;
    }
    let body = bytes[m.body..end].trim_ascii_end();
    let statement = matches!(body.last(), Some(b'}' | b';'));
    if end + 1 >= bytes.len() {
        copy.truncate(end.min(copy.len()));
        copy.extend_from_slice(if statement { b"}" } else { b";}" });
    } else if statement {
        copy[end] = b'}';
    } else {
        copy[end] = b';';
        copy[end + 1] = b'}';
    }
}

/// Where a `//` comment starts in `body`, outside string and character literals.
fn line_comment(body: &[u8]) -> Option<usize> {
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i + 1 < body.len() {
        match (quote, body[i]) {
            (Some(_), b'\\') => i += 1,
            (Some(q), b) if b == q => quote = None,
            (None, b'"' | b'\'') => quote = Some(body[i]),
            (None, b'/') if body[i + 1] == b'/' => return Some(i),
            (None, b'/') if body[i + 1] == b'*' => {
                // Skip a block comment.
                let rest = &body[i + 2..];
                i += 2 + rest
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(rest.len(), |p| p + 1);
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinning_macros_become_functions_at_the_same_offsets() {
        let catalog = Catalog::builtin();
        let text = "#include <x.h>\n#define N 4\n#define REG(p, n) { \\\n  for (int i = 0; i < n; ++i) cudaHostRegister(p, 4, 0); \\\n}\n#define ADD(a, b) ((a) + (b))\nint main() { REG(q, 8); }\n";
        let out = exposed(text, Language::Cuda, &catalog, &HashSet::default()).unwrap_or_default();
        assert_eq!(out.len(), text.len());
        let start = text.find("#define REG").unwrap_or(0);
        let line = &out[start..];
        assert!(line.starts_with("void    REG(p, n){{ "), "{line:?}");
        // The body keeps its offsets; the continuations are blank; the end closes it.
        let api = text.find("cudaHostRegister").unwrap_or(0);
        assert_eq!(&out[api..api + 16], "cudaHostRegister");
        assert!(!out.contains('\\'));
        assert!(
            !out.contains("ADD"),
            "a macro that pins nothing stays blank"
        );
        assert!(!out.contains("main"), "everything else is blank");
        assert_eq!(out.matches('}').count(), 2);
        // An expression body gets its `;`.
        let expr = "#define PIN(p, n) cudaMallocHost(&(p), (n))\nint x;\n";
        let out = exposed(expr, Language::Cpp, &catalog, &HashSet::default()).unwrap_or_default();
        assert_eq!(out, "void    PIN(p, n){cudaMallocHost(&(p), (n));}     \n");
        // A trailing comment gives up its `//`.
        let commented = "#define PIN(p, n) cudaMallocHost(&(p), (n)) // \"x\"\n";
        let out =
            exposed(commented, Language::Cpp, &catalog, &HashSet::default()).unwrap_or_default();
        assert_eq!(out, "void    PIN(p, n){cudaMallocHost(&(p), (n)) ;}    \n");
        assert_eq!(
            exposed(
                "#define ADD(a, b) a + b\n",
                Language::Cpp,
                &catalog,
                &HashSet::default()
            ),
            None
        );
        // Object-like macros are not functions.
        assert_eq!(
            exposed(
                "#define PIN cudaMallocHost(&p, 4)\n",
                Language::Cpp,
                &catalog,
                &HashSet::default()
            ),
            None
        );
    }

    #[test]
    fn includes_and_returning_definitions_are_read() {
        let text = "#include \"status.h\"\n# include <cuda.h>\n#  include \"sub/x.cuh\"\n";
        assert_eq!(quoted_includes(text), vec!["status.h", "sub/x.cuh"]);
        let defs = "#define RET(x) do { if (x) return -1; } while (0)\n\
                    #define DIE(x) do { if (x) { puts(\"no return\"); abort(); } } while (0)\n\
                    #define TIGHT(x)return x\n\
                    #define LATER(x) f(x) // return\n\
                    #define MULTI(x) do { \\\n  if (x) return; \\\n} while (0)\n\
                    #define OBJ return\n";
        let defs = format!(
            "{defs}#define THROWS(x) do {{ if (x) throw Error(#x \" return\"); }} while (0)\n\
             #define JUMPS(x) do {{ if (x) {{ log(); goto fail; }} }} while (0)\n\
             #define TRY(call, label) do {{ if (call) goto label; }} while (0)\n"
        );
        let r = Some(MacroExit::Return);
        assert_eq!(
            definitions(&defs),
            vec![
                ("RET", r.clone()),
                ("DIE", None),
                ("TIGHT", r.clone()),
                ("LATER", None),
                ("MULTI", r),
                ("THROWS", Some(MacroExit::Throw)),
                ("JUMPS", Some(MacroExit::Goto("fail".into()))),
                ("TRY", Some(MacroExit::GotoArg(1))),
            ]
        );
    }

    #[test]
    fn a_macro_that_forwards_to_a_pinning_function_becomes_one() {
        let catalog = Catalog::builtin();
        let text = "#define hostCalloc(...) hostCallocDebug(__VA_ARGS__, __FILE__)\n#define LOG(m) logDebug (m)\n";
        let pinning: HashSet<&str> = ["hostCallocDebug"].into_iter().collect();
        let out = exposed(text, Language::Cpp, &catalog, &pinning).unwrap_or_default();
        assert_eq!(
            out,
            "void    hostCalloc(...){hostCallocDebug(__VA_ARGS__, __FILE__);}                          \n"
        );
        // A name that is only a word of the body, not a call, does not count.
        let word = "#define SIZE(x) (x * hostCallocDebug)\n";
        assert_eq!(exposed(word, Language::Cpp, &catalog, &pinning), None);
        assert_eq!(
            exposed(text, Language::Cpp, &catalog, &HashSet::default()),
            None
        );
    }
}
