//! Macros and constants: `#if 0` conditions, `const`/`constexpr` declarations, macros that
//! return, the `#define`s that sizes and trip counts refer to, integer expressions, literals
//! and type names (`sizeof`), and the constant arguments of a call.

use rustc_hash::FxHashSet as HashSet;

use tree_sitter::{Node, Parser};

use crate::frontend::fields::FieldChild;

use super::{Cpp, field, find_kind};
use crate::frontend::builder::{named_children, names_in};
use crate::frontend::extent::MAX_DEPTH;
use crate::model::{BinOp, ExitKind, Expr, Trips};

/// At most this many `#define` bodies are folded per file.
const MAX_DEFINE_PARSES: usize = 256;

impl<'t> Cpp<'t, '_> {
    /// Is an `#if` condition `0`, or a name this file `#define`s to `0` above?
    pub(super) fn false_condition(&self, cond: &str) -> bool {
        let cond = cond.trim();
        cond == "0"
            || (!self.b.is_conflicting(cond)
                && self
                    .defines
                    .get(cond)
                    .is_some_and(|v| matches!(v.trim(), "0" | "(0)" | "false")))
    }

    /// `const`/`constexpr` integral variables: `constexpr size_t kBytes = 4 << 20;`.
    pub(super) fn constant_declaration<'n>(&mut self, node: Node<'n>) {
        let mut cursor = node.walk();
        let is_const = node.children(&mut cursor).any(|c| {
            c.kind() == "type_qualifier" && matches!(self.b.text_of(c), "const" | "constexpr")
        });
        // `T x = v;` holds (name, value) in an init_declarator; a class member
        // `static constexpr T x = v;` holds them directly.
        let pairs: Vec<(Node<'n>, Node<'n>)> = if node.kind() == "field_declaration" {
            node.field_child("declarator")
                .zip(node.field_child("default_value"))
                .into_iter()
                .collect()
        } else {
            named_children(node)
                .into_iter()
                .filter(|d| d.kind() == "init_declarator")
                .filter_map(|d| d.field_child("declarator").zip(d.field_child("value")))
                .collect()
        };
        for (name, value) in pairs {
            if !matches!(name.kind(), "identifier" | "field_identifier") {
                continue;
            }
            let value = expr(value, self.b.text, 0);
            let name = self.b.text_of(name);
            if is_const && value != Expr::Unknown {
                self.b.add_constant(name, value);
            } else {
                self.b.poison_constant(name);
            }
        }
    }

    /// Calls of macros that return, throw or jump count as exits where their definition is
    /// visible.
    pub(super) fn macro_exits(&mut self) {
        let exits: Vec<_> = self
            .b
            .model
            .calls
            .iter()
            .filter_map(|c| Some((c, self.exiting_macros.get(c.callee.as_str())?.kind(c)?)))
            .map(|(c, kind)| crate::model::Exit {
                kind,
                span: c.span,
                function: c.function,
                innermost_loop: c.innermost_loop,
                guard: c.guard,
                guard_names: Vec::new(),
                null_tests: None,
            })
            .collect();
        self.b.model.exits.extend(exits);
    }

    /// A call of a function of this file that throws out of itself (a `throw` in a body
    /// without `try`: `validate(p, n)` throwing on bad input) leaves its caller there, as
    /// a `throw` written in the caller would: past any release after the call.
    pub(super) fn throwing_calls(&mut self) {
        let model = &self.b.model;
        let text = self.b.text;
        let throws: HashSet<&str> = model
            .exits
            .iter()
            .filter(|x| x.kind == ExitKind::Throw)
            .map(|x| x.function)
            .filter(|&f| {
                let span = model.functions[f].span;
                let body = text.get(span.start..span.end).unwrap_or("");
                f != 0 && !crate::frontend::library::says(body, "try")
            })
            .map(|f| model.functions[f].name.as_str())
            .filter(|n| !n.is_empty())
            .collect();
        if throws.is_empty() {
            return;
        }
        let exits: Vec<_> = model
            .calls
            .iter()
            .filter(|c| throws.contains(c.callee.as_str()))
            .map(|c| crate::model::Exit {
                kind: ExitKind::Throw,
                span: c.span,
                function: c.function,
                innermost_loop: c.innermost_loop,
                guard: c.guard,
                guard_names: c.guard.map_or_else(Vec::new, |g| self.b.identifiers(g)),
                null_tests: c.guard.map(|g| self.b.null_tests_for(c.function, g)),
            })
            .collect();
        self.b.model.exits.extend(exits);
    }

    /// Fold the `#define`s that sizes and trip counts refer to, parsing each body as a
    /// small expression. Bodies that are not expressions stay unknown.
    pub(super) fn fold_defines(&mut self, parser: &mut Parser) {
        let mut wanted = Vec::new();
        for ev in &self.b.model.events {
            if let Some(size) = &ev.size {
                names_in(size, &mut wanted);
            }
        }
        for lp in &self.b.model.loops {
            if let Trips::Counted {
                start, end, step, ..
            } = &lp.trips
            {
                for e in [start, end, step] {
                    names_in(e, &mut wanted);
                }
            }
        }
        let consts: Vec<Expr> = self.b.model.constants.values().cloned().collect();
        for c in &consts {
            names_in(c, &mut wanted);
        }
        let mut parsed = 0;
        while let Some(name) = wanted.pop() {
            if self.b.model.constants.contains_key(&name) || parsed >= MAX_DEFINE_PARSES {
                continue;
            }
            let Some(body) = self.defines.remove(name.as_str()) else {
                continue;
            };
            parsed += 1;
            let snippet = format!("long __ghosttax = ({body}\n);");
            let Some(tree) = parser.parse(&snippet, None) else {
                continue;
            };
            let value = find_kind(tree.root_node(), "init_declarator")
                .and_then(|d| d.field_child("value"))
                .map_or(Expr::Unknown, |v| expr(v, &snippet, 0));
            if value != Expr::Unknown {
                names_in(&value, &mut wanted);
                self.b.add_constant(&name, value);
            }
        }
    }
}

/// The arguments of an argument list that are constants, by position.
pub(super) fn constant_args(
    args: Option<Node>,
    text: &str,
    params: &[(String, Option<Expr>)],
) -> Vec<(Option<String>, usize, Expr)> {
    args.map(named_children)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .filter_map(|(i, a)| {
            // (`Vec v(n, true);` read as a function declaration: `true` is a "type".)
            let v = match a.kind() {
                "parameter_declaration" => match text.get(a.byte_range()).map(str::trim) {
                    Some("true") => Expr::Int(1),
                    Some("false") => Expr::Int(0),
                    _ => Expr::Unknown,
                },
                _ => expr(a, text, 0),
            };
            v.as_argument_in(params).map(|v| (None, i, v))
        })
        .collect()
}

pub(super) fn expr(node: Node, text: &str, depth: usize) -> Expr {
    if depth > MAX_DEPTH {
        return Expr::Unknown;
    }
    let d = depth + 1;
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("");
    match node.kind() {
        "number_literal" => parse_int(src(node)).map_or(Expr::Unknown, Expr::Int),
        // (`true` in a declaration's argument list can parse as an identifier.)
        "true" => Expr::Int(1),
        "false" => Expr::Int(0),
        "identifier" => match src(node) {
            "true" => Expr::Int(1),
            "false" => Expr::Int(0),
            name => Expr::Name(name.to_string()),
        },
        "qualified_identifier" => node
            .field_child("name")
            .map_or(Expr::Unknown, |n| expr(n, text, d)),
        // `cfg.rows`, `this->n_`: a free name (`--assume` binds it).
        "field_expression" => Expr::Name(src(node).split_whitespace().collect()),
        "parenthesized_expression" => match named_children(node).as_slice() {
            [inner] => expr(*inner, text, d),
            _ => Expr::Unknown,
        },
        "cast_expression" => node
            .field_child("value")
            .map_or(Expr::Unknown, |v| expr(v, text, d)),
        "unary_expression" => match (field(node, "operator", text), node.field_child("argument")) {
            ("-", Some(a)) => Expr::Neg(Box::new(expr(a, text, d))),
            ("+", Some(a)) => expr(a, text, d),
            _ => Expr::Unknown,
        },
        "binary_expression" => {
            let op = match field(node, "operator", text) {
                "+" => BinOp::Add,
                "-" => BinOp::Sub,
                "*" => BinOp::Mul,
                "/" => BinOp::Div,
                "<<" => BinOp::Shl,
                _ => return Expr::Unknown,
            };
            match (node.field_child("left"), node.field_child("right")) {
                (Some(l), Some(r)) => {
                    Expr::Binary(op, Box::new(expr(l, text, d)), Box::new(expr(r, text, d)))
                }
                _ => Expr::Unknown,
            }
        }
        "sizeof_expression" => {
            if let Some(t) = node.field_child("type") {
                Expr::SizeOf(type_name(src(t)))
            } else {
                // `sizeof(half)` can parse as an expression; only type names fold.
                match node.field_child("value") {
                    Some(v) => {
                        let mut v = v;
                        while v.kind() == "parenthesized_expression" {
                            match named_children(v).as_slice() {
                                [inner] => v = *inner,
                                _ => break,
                            }
                        }
                        if v.kind() == "identifier" {
                            Expr::SizeOf(src(v).to_string())
                        } else {
                            Expr::Unknown
                        }
                    }
                    None => Expr::Unknown,
                }
            }
        }
        "call_expression" => {
            // `static_cast<size_t>(n)` and functional casts `size_t(n)` keep the value.
            let callee = node.field_child("function");
            let is_cast = callee.is_some_and(|f| {
                matches!(f.kind(), "primitive_type" | "type_identifier")
                    || (f.kind() == "template_function"
                        && matches!(field(f, "name", text), "static_cast" | "size_t"))
            });
            let args = node
                .field_child("arguments")
                .map(named_children)
                .unwrap_or_default();
            match args.as_slice() {
                [only] if is_cast => expr(*only, text, d),
                _ => Expr::term(src(node)),
            }
        }
        // `sizes[i]`, `dims.at(0)`: what the program holds there at run time.
        "subscript_expression" => Expr::term(src(node)),
        _ => Expr::Unknown,
    }
}

/// `unsigned  int` → `unsigned int`, `float *` → `float*`.
pub(super) fn type_name(t: &str) -> String {
    let words: Vec<&str> = t.split_whitespace().collect();
    words.join(" ").replace(" *", "*")
}

/// C/C++ integer literals: `0x10`, `1'000`, `64ULL`, `0b1`, octal `017`.
pub(super) fn parse_int(text: &str) -> Option<i128> {
    let t: String = text.chars().filter(|c| *c != '\'').collect();
    let lower = t.to_ascii_lowercase();
    let (body, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    let digits = body.trim_end_matches(['u', 'l', 'z']);
    if digits.is_empty() {
        return if radix == 8 { Some(0) } else { None };
    }
    i128::from_str_radix(digits, radix).ok()
}
