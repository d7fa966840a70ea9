//! What a Rust expression hands on: the names a value returns (through `Ok`, `Some`,
//! `Box::new`, a struct literal, `?`, `expect`, ..) and the type a pattern or type names.

use syn::{Expr, Pat};

/// The class name of an `impl` block's type: a path's last name (`Vec<f32>` is `Vec`),
/// through references and pointers (`&Staging` is `Staging`); slices, arrays and tuples
/// by their kind (`&[u8]` is `slice`, as the standard library's documentation names them).
pub(super) fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(r) => type_name(&r.elem),
        syn::Type::Ptr(p) => type_name(&p.elem),
        syn::Type::Paren(p) => type_name(&p.elem),
        syn::Type::Group(g) => type_name(&g.elem),
        syn::Type::Slice(_) => Some("slice".to_string()),
        syn::Type::Array(_) => Some("array".to_string()),
        syn::Type::Tuple(t) if !t.elems.is_empty() => Some("tuple".to_string()),
        _ => None,
    }
}

/// The variables a function's final expression hands to its caller: `p`, `Ok(p)`,
/// `Some(Box::new(p))`, `Handle { ptr, len }`, `(p, n)`, a block ending in one of these.
pub(super) fn returned_names(e: &Expr) -> Vec<String> {
    let block_tail = |b: &syn::Block| match b.stmts.last() {
        Some(syn::Stmt::Expr(t, None)) => returned_names(t),
        _ => Vec::new(),
    };
    match e {
        Expr::Path(p) => p
            .path
            .get_ident()
            .map(|i| vec![i.to_string()])
            .unwrap_or_default(),
        Expr::Paren(p) => returned_names(&p.expr),
        Expr::Group(g) => returned_names(&g.expr),
        Expr::Cast(c) => returned_names(&c.expr),
        Expr::Reference(r) => returned_names(&r.expr),
        Expr::Tuple(t) => t.elems.iter().flat_map(returned_names).collect(),
        Expr::Array(a) => a.elems.iter().flat_map(returned_names).collect(),
        Expr::Struct(s) => s
            .fields
            .iter()
            .flat_map(|f| returned_names(&f.expr))
            .collect(),
        Expr::Block(b) => block_tail(&b.block),
        Expr::Unsafe(u) => block_tail(&u.block),
        // Either branch's value is the function's.
        Expr::If(i) => {
            let mut names = block_tail(&i.then_branch);
            if let Some((_, other)) = &i.else_branch {
                names.extend(returned_names(other));
            }
            names
        }
        Expr::Match(m) => m
            .arms
            .iter()
            .flat_map(|a| returned_names(&a.body))
            .collect(),
        // Constructors and wrappers: `Ok(..)`, `Some(..)`, `Box::new(..)`, `Handle::from(..)`.
        Expr::Call(c) => {
            let wraps = match &*c.func {
                Expr::Path(p) => p.path.segments.iter().any(|s| {
                    s.ident
                        .to_string()
                        .starts_with(|ch: char| ch.is_uppercase())
                }),
                _ => false,
            };
            if wraps {
                c.args.iter().flat_map(returned_names).collect()
            } else {
                Vec::new()
            }
        }
        // Methods that pass the value on (`NonNull::new(p).expect(..)`, `.ok_or(e)?`).
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "into"
                    | "clone"
                    | "to_owned"
                    | "expect"
                    | "unwrap"
                    | "unwrap_unchecked"
                    | "ok_or"
                    | "ok_or_else"
                    | "map_err"
                    | "cast"
            ) =>
        {
            returned_names(&m.receiver)
        }
        Expr::Try(t) => returned_names(&t.expr),
        _ => Vec::new(),
    }
}

/// The names a struct literal stores in its fields (`Registered { ptr }`, also inside
/// `Ok(..)`, `Box::new(..)`): what the value built holds from then on.
pub(super) fn struct_field_names(e: &Expr) -> Vec<String> {
    match e {
        Expr::Struct(_) => returned_names(e),
        Expr::Paren(p) => struct_field_names(&p.expr),
        Expr::Try(t) => struct_field_names(&t.expr),
        Expr::Call(c) => c.args.iter().flat_map(struct_field_names).collect(),
        _ => Vec::new(),
    }
}

pub(super) fn strip_type(p: &Pat) -> &Pat {
    match p {
        Pat::Type(t) => strip_type(&t.pat),
        other => other,
    }
}
