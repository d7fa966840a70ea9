//! Declared types, read lexically: which class or struct a C-family or Rust name is declared
//! with (`Uploader* up_;`, `let pool: PinnedPool = ..`), so a call on the name can be linked
//! to that class's methods.

use super::*;

/// Declarations this many per file at most are kept (see `Definitions::typed`).
pub(super) const MAX_TYPED: usize = 512;

/// Owning wrappers whose first template argument is the type of the object a call on the
/// name reaches (`pool_->get()` on a `std::unique_ptr<Pool>`).
pub(super) const POINTER_WRAPPERS: &[&[u8]] = &[
    b"unique_ptr",
    b"shared_ptr",
    b"optional",
    // Containers: a method called on an element (`for (auto& s : sources_) s.inject()`)
    // reaches their first argument.
    b"vector",
    b"deque",
    b"list",
    b"array",
];

/// `Type name;`, `ns::Type<A> name_ = ..;`, `std::unique_ptr<Type> name{..};`, `Type
/// name(args);`, one per line: the declared name and its type's last name (see
/// `Definitions::typed`). A statement starting with a keyword declares nothing.
pub(super) fn typed_declarations(text: &[u8]) -> Vec<(&[u8], &[u8])> {
    let ident = |c: u8| IDENT[usize::from(c)];
    let mut out = Vec::new();
    for end in memchr::memchr_iter(b';', text) {
        if out.len() >= MAX_TYPED {
            break;
        }
        // The statement starts after the previous one (or a block's brace); its head (type
        // and name) is the last line before any initialiser, however many lines that
        // initialiser spans (`Loader* l = cond\n ? a\n : b;`).
        let start = memchr::memrchr3(b';', b'{', b'}', &text[..end]).map_or(0, |i| i + 1);
        let mut stmt = &text[start..end];
        // (An initialiser goes: `= ..`, `{..}`, constructor arguments `(..)`. A prototype
        // read this way names a function, on which no method is called.)
        if let Some(i) = stmt.iter().position(|&c| matches!(c, b'=' | b'{' | b'(')) {
            stmt = &stmt[..i];
        }
        let stmt = stmt.trim_ascii_end();
        let line = stmt.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
        let stmt = stmt[line..].trim_ascii();
        if stmt.is_empty()
            || !stmt.iter().all(|&c| ident(c) || b" \t:<>,*&".contains(&c))
            || !stmt.last().is_some_and(|&c| ident(c))
        {
            continue;
        }
        let name_at = stmt.iter().rposition(|&c| !ident(c)).map_or(0, |i| i + 1);
        let (ty, name) = (stmt[..name_at].trim_ascii_end(), &stmt[name_at..]);
        let ty = trim_end_of(ty, b"*& ");
        if ty.is_empty() || name.first().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        let first = ty.split(|&c| !ident(c)).next().unwrap_or(b"");
        if C_KEYWORDS.contains(&first) || DECLARATION_KEYWORDS.contains(&first) {
            continue;
        }
        // The type's last name: `ns::Pool<T>` → `Pool`; a wrapper's first argument.
        let (base, args) = match ty.iter().position(|&c| c == b'<') {
            Some(i) => (&ty[..i], &ty[i + 1..]),
            None => (ty, &b""[..]),
        };
        let last =
            |t: &'_ [u8]| -> usize { t.iter().rposition(|&c| !ident(c)).map_or(0, |i| i + 1) };
        let base = base.trim_ascii_end();
        let own = &base[last(base)..];
        let class = if POINTER_WRAPPERS.contains(&own) {
            let arg = args
                .split(|&c| c == b',' || c == b'>' || c == b'<')
                .next()
                .unwrap_or(b"")
                .trim_ascii();
            let arg = trim_end_of(arg, b"*& ");
            &arg[last(arg)..]
        } else {
            own
        };
        if !class.is_empty() && !class.first().is_some_and(|c| c.is_ascii_digit()) {
            out.push((name, class));
        }
    }
    out
}

/// Smart pointers and cells whose first type argument is what a method call on the name
/// reaches (`st.renderer.render_tile()` on `renderer: Arc<Mutex<Renderer>>`).
pub(super) const RUST_WRAPPERS: &[&[u8]] = &[
    b"Arc",
    b"Rc",
    b"Box",
    b"Mutex",
    b"RwLock",
    b"RefCell",
    b"Cell",
    b"Option",
    b"OnceLock",
];

/// Rust fields, parameters and typed `let`s, `name: Type` (`renderer: Renderer`, `st:
/// Arc<AppState>`): the name and its type's last name, through `&`, `mut`, `dyn` and the
/// wrappers above (see `Definitions::typed`).
pub(super) fn rust_typed_declarations(text: &[u8]) -> Vec<(&[u8], &[u8])> {
    let ident = |c: u8| IDENT[usize::from(c)];
    let mut out = Vec::new();
    for colon in memchr::memchr_iter(b':', text) {
        if out.len() >= MAX_TYPED {
            break;
        }
        if text.get(colon + 1) == Some(&b':') || colon > 0 && text[colon - 1] == b':' {
            continue;
        }
        let before = text[..colon].trim_ascii_end();
        let start = before.iter().rposition(|&c| !ident(c)).map_or(0, |i| i + 1);
        let name = &before[start..];
        if name.is_empty()
            || !name[0].is_ascii_lowercase() && name[0] != b'_'
            || RUST_KEYWORDS.contains(&name)
            || before[..start].ends_with(b"'")
        {
            continue;
        }
        let mut ty = text[colon + 1..].trim_ascii_start();
        for _ in 0..4 {
            // `&`, `&mut`, `&'a`, `dyn`, `impl` before the type.
            loop {
                let rest = [&b"&"[..], b"mut ", b"dyn ", b"impl "]
                    .iter()
                    .find_map(|p| ty.strip_prefix(*p))
                    .or_else(|| {
                        ty.strip_prefix(b"'").map(|r| {
                            let end = r.iter().position(|&c| c == b' ').unwrap_or(r.len());
                            &r[end..]
                        })
                    });
                match rest {
                    Some(r) => ty = r.trim_ascii_start(),
                    None => break,
                }
            }
            let path_end = ty
                .iter()
                .position(|&c| !(ident(c) || c == b':'))
                .unwrap_or(ty.len());
            let last = ty[..path_end].rsplit(|&c| c == b':').next().unwrap_or(b"");
            if RUST_WRAPPERS.contains(&last) && ty.get(path_end) == Some(&b'<') {
                ty = ty[path_end + 1..].trim_ascii_start();
                continue;
            }
            if last.first().is_some_and(u8::is_ascii_uppercase) && !RUST_STD.contains(&last) {
                out.push((name, last));
            }
            break;
        }
    }
    out
}

/// Standard collections: no project method is called on them.
pub(super) const RUST_STD: &[&[u8]] = &[
    b"Vec",
    b"VecDeque",
    b"HashMap",
    b"HashSet",
    b"BTreeMap",
    b"BTreeSet",
    b"String",
];

/// Words that precede a `:` without naming a variable.
pub(super) const RUST_KEYWORDS: &[&[u8]] = &[
    b"self", b"crate", b"super", b"where", b"type", b"const", b"static",
];
